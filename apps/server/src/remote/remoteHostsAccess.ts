// Where procedures find the remote hosts: attached to the session manager the tRPC context
// carries (the extension host's pattern, extensions/hostAccess.ts).
import type { SessionManager } from '../session/manager';
import type { RemoteHosts } from './remoteHosts';

const registries = new WeakMap<SessionManager, RemoteHosts>();

export function attachRemoteHosts(manager: SessionManager, hosts: RemoteHosts): void {
  registries.set(manager, hosts);
}

export function remoteHostsOf(manager: SessionManager): RemoteHosts | undefined {
  return registries.get(manager);
}
