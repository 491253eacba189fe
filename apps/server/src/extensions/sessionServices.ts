// Services bound to sessions (spec: Run on the session host, placement): `each-session` runs one
// instance per session and `active-session` one instance beside the session on screen, following
// it when the user switches. An instance works for its session: it gets ROZI_SESSION_NAME, and a
// rename restarts it with the new name (the spec's rule), as does a switch for active-session.
// Pure bookkeeping over the runtime's instance map; the host launches and the supervisors stop.
import type { ServiceContribution } from '@rozi/extensions';
import type { ExtensionRuntime } from './extensionRuntime';

export interface SessionRef {
  name: string;
  instance: string;
}

/** The instances a session-bound service should have now, by key. */
export function wantedInstances(o: {
  service: ServiceContribution;
  sessions: readonly SessionRef[];
  onScreen: SessionRef | undefined;
}): Map<string, SessionRef> {
  const wanted = new Map<string, SessionRef>();
  if (o.service.placement === 'each-session')
    for (const s of o.sessions) wanted.set(`${o.service.name}@${s.instance}`, s);
  if (o.service.placement === 'active-session' && o.onScreen) wanted.set(o.service.name, o.onScreen);
  return wanted;
}

function ownedBy(key: string, service: string): boolean {
  return key === service || key.startsWith(`${service}@`);
}

/** Stops instances no longer wanted (or started for another session or name) and starts the missing ones. */
export function reconcileSessionServices(o: {
  rt: ExtensionRuntime;
  sessions: readonly SessionRef[];
  onScreen: SessionRef | undefined;
  launch(service: ServiceContribution, instance: { key: string; session: SessionRef }): void;
}): void {
  for (const service of o.rt.manifest.services) {
    if (service.placement !== 'each-session' && service.placement !== 'active-session') continue;
    const wanted = wantedInstances({ service, sessions: o.sessions, onScreen: o.onScreen });
    for (const [key, sup] of [...o.rt.services]) {
      if (!ownedBy(key, service.name)) continue;
      const want = wanted.get(key);
      const had = o.rt.serviceSessions.get(key);
      if (want && had && want.name === had.name && want.instance === had.instance) continue;
      o.rt.services.delete(key);
      o.rt.serviceSessions.delete(key);
      void sup.stop('reload');
    }
    for (const [key, session] of wanted) if (!o.rt.services.has(key)) o.launch(service, { key, session });
  }
}
