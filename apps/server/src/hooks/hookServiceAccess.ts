// Where procedures find the hook service: attached to the session manager the tRPC context
// carries (the same pattern as the extension host), so `extensions.status` can add hook health
// without widening ApiContext.
import type { SessionManager } from '../session/manager';
import type { HookService } from './hookService';

const services = new WeakMap<SessionManager, HookService>();

export function attachHookService(manager: SessionManager, service: HookService): void {
  services.set(manager, service);
}

export function hookServiceOf(manager: SessionManager): HookService | undefined {
  return services.get(manager);
}
