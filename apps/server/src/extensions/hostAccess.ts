// Where procedures find the extension host: attached to the session manager the tRPC context
// already carries, so the HTTP and control-socket callers reach the same host without widening
// ApiContext for every router.
import type { SessionManager } from '../session/manager';
import type { ExtensionHost } from './host';
import { ExtensionHostError } from './hostError';

const hosts = new WeakMap<SessionManager, ExtensionHost>();

export function attachExtensionHost(manager: SessionManager, host: ExtensionHost): void {
  hosts.set(manager, host);
}

export function extensionHostOf(manager: SessionManager): ExtensionHost {
  const host = hosts.get(manager);
  if (!host) throw new ExtensionHostError('unavailable', 'the extension host is not running in this server');
  return host;
}
