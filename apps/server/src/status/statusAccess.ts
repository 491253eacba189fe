// Where procedures find the status service: attached to the session manager the tRPC context
// carries (the same pattern as the extension host and the hook service).
import type { SessionManager } from '../session/manager';
import { RoziError } from '../session/errors';
import type { StatusService } from './statusService';

const services = new WeakMap<SessionManager, StatusService>();

export function attachStatusService(manager: SessionManager, service: StatusService): void {
  services.set(manager, service);
}

export function statusServiceOf(manager: SessionManager): StatusService {
  const s = services.get(manager);
  if (!s) throw new RoziError('not-found', 'agent status is not running in this server');
  return s;
}

export function maybeStatusService(manager: SessionManager): StatusService | undefined {
  return services.get(manager);
}
