// The host end of every client link on this server: connections that opened with the link
// preamble on the control socket (control/connectionSniff.ts) become LinkSessions. Any rozi
// server accepts links, so a client reaches the user's own server on that machine when one runs;
// `rozi host serve --stdio` starts a headless one otherwise (host/serveStdio.ts). A link runs on
// the connection itself, or on the ssh pipes the server adopted from the relay (stdioAdoption.ts).
import type { ServerServices } from '../api/context';
import { LinkSession, type LinkSessionOptions } from './linkSession';
import type { LinkTransport } from './linkTransport';

export class LinkServer {
  private readonly sessions = new Set<LinkSession>();
  /** Link-only procedures (placement registers here); see LinkSessionOptions.extra. */
  extra: LinkSessionOptions['extra'];
  private readonly openListeners = new Set<(s: LinkSession) => void>();

  constructor(
    private readonly o: {
      services: ServerServices;
      log(line: string): void;
    },
  ) {}

  accept(socket: LinkTransport, head: Buffer): LinkSession {
    const session = new LinkSession({
      socket,
      head,
      ...this.o,
      extra: (path, input, s) => this.extra?.(path, input, s) ?? null,
      closed: (s) => this.sessions.delete(s),
    });
    this.sessions.add(session);
    for (const l of this.openListeners) l(session);
    return session;
  }

  onOpen(listener: (s: LinkSession) => void): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  get count(): number {
    return this.sessions.size;
  }

  closeAll(reason: string): void {
    for (const s of [...this.sessions]) s.close(reason);
  }
}
