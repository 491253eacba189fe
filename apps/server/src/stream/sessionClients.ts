// Who is on which session (rozi's sessions.md, Controller vs follower): every /ws page is a client;
// a page says which session it shows (`view`) and is then attached to it. Per session one
// writable client holds the control lease: the first to attach gets it, `take` moves it
// (allow_takeover, rozi's default), and when the controller leaves the oldest writable client
// still on the session is promoted. A read-only client (a read-only link) is never granted it.
// Each change is announced on the bus: session-attached / -detached and controller-changed.
import type { EventBus } from '../events/bus';

export interface ClientEntry {
  id: number;
  name: string;
  readOnly: boolean;
  /** The session the page shows, or null before it says. */
  session: string | null;
  /** When it attached to that session (ms), for promotion order. */
  since: number;
}

export interface Roster {
  clients: ClientEntry[];
  /** Session name → the controlling client's id. */
  controllers: Record<string, number>;
}

export class SessionClients {
  private readonly clients = new Map<number, ClientEntry>();
  private readonly controllers = new Map<string, number>();
  private tick = 0;

  constructor(private readonly bus: EventBus) {}

  join(o: { id: number; readOnly: boolean }): void {
    this.clients.set(o.id, {
      id: o.id,
      name: `browser ${o.id}`,
      readOnly: o.readOnly,
      session: null,
      since: 0,
    });
  }

  leave(id: number): void {
    this.view(id, null);
    this.clients.delete(id);
  }

  /** Client `id` now shows `session` (null: none); attaches there and detaches from the last. */
  view(id: number, session: string | null): void {
    const c = this.clients.get(id);
    if (!c || c.session === session) return;
    const before = c.session;
    c.session = session;
    c.since = ++this.tick;
    if (before !== null) {
      this.bus.emit({ type: 'session-detached', session: before, client_id: id });
      if (this.controllers.get(before) === id) this.promote(before);
    }
    if (session === null) return;
    if (!this.controllers.has(session) && !c.readOnly) this.grant(session, id);
    this.bus.emit({
      type: 'session-attached',
      session,
      client_id: id,
      controller: this.controllers.get(session) ?? null,
      read_only: c.readOnly,
    });
  }

  /** Client `id` takes control of the session it shows; a one-line refusal when it may not. */
  take(id: number): string | null {
    const c = this.clients.get(id);
    if (!c) return 'unknown client';
    if (c.readOnly) return 'a read-only client cannot take control';
    if (c.session === null) return 'show a session before taking its control';
    if (this.controllers.get(c.session) !== id) this.grant(c.session, id);
    return null;
  }

  controllerOf(session: string): number | null {
    return this.controllers.get(session) ?? null;
  }

  roster(): Roster {
    return {
      clients: [...this.clients.values()].map((c) => ({ ...c })),
      controllers: Object.fromEntries(this.controllers),
    };
  }

  private grant(session: string, id: number): void {
    this.controllers.set(session, id);
    this.bus.emit({ type: 'controller-changed', session, controller: id, reason: 'granted' });
  }

  /** The controller left `session`: the oldest writable client still on it takes the lease. */
  private promote(session: string): void {
    const next = [...this.clients.values()]
      .filter((c) => c.session === session && !c.readOnly)
      .sort((a, b) => a.since - b.since)[0];
    if (next) this.grant(session, next.id);
    else {
      this.controllers.delete(session);
      this.bus.emit({ type: 'controller-changed', session, controller: null, reason: 'released' });
    }
  }
}
