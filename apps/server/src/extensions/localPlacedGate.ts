// The control socket of a process placed on this machine (localServices.ts): every request it
// makes passes the same placement gate as on a remote host (host/placedGate.ts), judged against
// the session on screen here. What the gate would forward to the client runs here (this is the
// client), with the process's own credential checked by the procedure as usual.
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { ServerServices } from '../api/context';
import { attachedRowsOf } from '../api/paneRows';
import { cutterOf, listenControlSocket } from '../control/socketServer';
import { eventsInScope } from '../host/placedEvents';
import { inBinding, placedGate, type PlacedBinding } from '../host/placedGate';
import { ExtensionHostError } from './hostError';
import type { GatedSocketFactory } from './localServices';

export function localGatedSockets(o: {
  services: ServerServices;
  /** The server's own control socket: placed sockets go in a directory beside it. */
  socket: string;
  /** The session on screen when it is one of this machine's (null: a host's, or none). */
  onScreen(): string | null;
  log(line: string): void;
}): GatedSocketFactory {
  return async (binding: PlacedBinding) => {
    const path = join(dirname(o.socket), 'placed', `${randomBytes(8).toString('hex')}.sock`);
    const server = await listenControlSocket({
      path,
      services: o.services,
      log: o.log,
      intercept: (p, input, signal) => {
        const verdict = placedGate({ path: p, input, binding, onScreen: o.onScreen() });
        switch (verdict.kind) {
          case 'run':
          case 'forward':
            return null;
          case 'answer':
            return Promise.resolve(verdict.data);
          case 'attached':
            return Promise.resolve(
              attachedRowsOf(o.services.manager, { only: verdict.only, onScreen: o.onScreen() }),
            );
          case 'refuse':
            return Promise.reject(new ExtensionHostError(verdict.code, verdict.message));
          case 'filter':
            return Promise.resolve(
              eventsInScope({
                hooks: o.services.hooks,
                input,
                inScope: () => inBinding(binding, o.onScreen()),
                signal,
              }),
            );
        }
      },
    });
    // Its credential is retired when it stops: what it left open (a helper's subscribe) ends too.
    return { path, close: cutterOf(server) };
  };
}
