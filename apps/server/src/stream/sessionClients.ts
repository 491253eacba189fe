// Who is on which session (rozi's sessions.md, Controller vs follower): every /ws page is a client;
// a page says which session it shows (`view`) and is then attached to it. Per session one
// writable client holds the control lease: the first to attach gets it, and when the controller
// leaves the oldest writable client still on the session is promoted. A read-only client (a
// read-only link) is never granted it and never types.
// Requests follow the session's takeover policy (`[session] allow_takeover`, default true): with
// takeover a request takes the lease at once; without it the requester is flagged `wants` and the
// controller is told (stream/controlPolicy.ts answers grant / decline / input lock / takeover).
// Each change is announced on the bus (session-attached / -detached, controller-changed) and to
// the pages on that session (`notify`), which re-read the roster.
import type { EventBus } from '../events/bus';
import type { ServerMessage } from './protocol';

export interface ClientEntry {
  id: number;
  name: string;
  readOnly: boolean;
  /** The session the page shows, or null before it says. */
  session: string | null;
  /** When it attached to that session (tick), for promotion order. */
  since: number;
  /** It asked the controller for the lease and has not been answered (takeover off). */
  wantsControl: boolean;
}

export interface SessionPolicy {
  /** A request takes the lease at once (rozi's allow_takeover). */
  takeover: boolean;
  /** Only the controller's keystrokes reach the panes (rozi's toggle-input-lock). */
  inputLock: boolean;
}

export interface Roster {
  clients: ClientEntry[];
  /** Session name → the controlling client's id. */
  controllers: Record<string, number>;
  /** Session name → its policy (sessions with at least one client). */
  policies: Record<string, SessionPolicy>;
}

export type ControlNotice = Extract<ServerMessage, { t: 'control' }>;

export interface SessionClientsOptions {
  bus: EventBus;
  /** `[session] allow_takeover` when a session gets its first client (default true). */
  allowTakeover?: () => boolean;
  /** Sends a control notice to one page. */
  notify?: (clientId: number, notice: ControlNotice) => void;
  /** Closes a removed page's connection (it does not reconnect); its leave() follows. */
  disconnect?: (clientId: number, reason: string) => void;
}

/** A held key re-sends its request; the controller hears about one client once per window. */
const REQUEST_DEBOUNCE_MS = 3000;

export class SessionClients {
  private readonly clients = new Map<number, ClientEntry>();
  private readonly controllers = new Map<string, number>();
  private readonly policies = new Map<string, SessionPolicy>();
  private readonly lastAsked = new Map<number, number>();
  /** A page's secret (its hello's `token`) → its client id: tRPC calls name their page by it. */
  private readonly tokens = new Map<string, number>();
  private tick = 0;
  private readonly bus: EventBus;

  constructor(private readonly o: SessionClientsOptions) {
    this.bus = o.bus;
  }

  join(o: { id: number; readOnly: boolean; token?: string }): void {
    if (o.token) this.tokens.set(o.token, o.id);
    this.clients.set(o.id, {
      id: o.id,
      name: `browser ${o.id}`,
      readOnly: o.readOnly,
      session: null,
      since: 0,
      wantsControl: false,
    });
  }

  leave(id: number): void {
    this.view(id, null);
    this.clients.delete(id);
    this.lastAsked.delete(id);
    for (const [token, owner] of this.tokens) if (owner === id) this.tokens.delete(token);
  }

  /** The connected page a tRPC call's `x-rozi-client` token names, or null. */
  clientOfToken(token: string): number | null {
    return this.tokens.get(token) ?? null;
  }

  /**
   * Why page `id` may not change its session's layout now (rozi's sessions.md: followers are
   * read-only for layout), or null: another page holds the lease of the session it shows.
   */
  layoutRefusal(id: number): string | null {
    const c = this.clients.get(id);
    if (!c) return null;
    if (c.readOnly) return 'read-only viewer: the layout is the owner’s; nothing changed';
    if (c.session === null) return null;
    const controller = this.controllers.get(c.session);
    if (controller === undefined || controller === id) return null;
    return `browser ${controller} controls the layout of ${c.session}; this page follows it: take or request control first (nothing changed)`;
  }

  /** Client `id` now shows `session` (null: none); attaches there and detaches from the last. */
  view(id: number, session: string | null): void {
    const c = this.clients.get(id);
    if (!c || c.session === session) return;
    const before = c.session;
    c.session = session;
    c.since = ++this.tick;
    c.wantsControl = false;
    if (before !== null) {
      this.bus.emit({ type: 'session-detached', session: before, client_id: id });
      if (this.controllers.get(before) === id) this.promote(before);
      this.changed(before);
    }
    if (session === null) return;
    if (!this.policies.has(session))
      this.policies.set(session, { takeover: this.o.allowTakeover?.() ?? true, inputLock: false });
    if (!this.controllers.has(session) && !c.readOnly) this.grant(session, id);
    this.bus.emit({
      type: 'session-attached',
      session,
      client_id: id,
      controller: this.controllers.get(session) ?? null,
      read_only: c.readOnly,
    });
    this.changed(session);
  }

  /**
   * Client `id` asks for the lease of the session it shows: taken at once with takeover on (or
   * when nobody holds it), else flagged and the controller told. A one-line refusal when it may not.
   */
  request(id: number): string | null {
    const c = this.clients.get(id);
    if (!c) return 'unknown client';
    if (c.readOnly) return 'a read-only client cannot take control';
    if (c.session === null) return 'show a session before taking its control';
    const controller = this.controllers.get(c.session);
    if (controller === id) return null;
    if (controller === undefined || this.policyOf(c.session).takeover) {
      this.grant(c.session, id);
      return null;
    }
    c.wantsControl = true;
    const now = Date.now();
    if (now - (this.lastAsked.get(id) ?? 0) >= REQUEST_DEBOUNCE_MS) {
      this.lastAsked.set(id, now);
      this.o.notify?.(controller, { t: 'control', session: c.session, notice: 'requested', from: id });
    }
    this.changed(c.session);
    return null;
  }

  /** Kept for the {t:'take-control'} message: the same as a request. */
  take(id: number): string | null {
    return this.request(id);
  }

  /** The controller `by` hands the lease to `to` (default: the oldest client that asked). */
  grantTo(by: number, to?: number): string | null {
    const session = this.controllerSession(by);
    if (typeof session !== 'string') return session.error;
    const target = to ?? this.oldestWanting(session);
    if (target === undefined) return 'nobody asked for control';
    const t = this.clients.get(target);
    if (!t || t.session !== session) return `browser ${target} is not on ${session}`;
    if (t.readOnly) return `browser ${target} is read-only and cannot be granted control`;
    if (target !== by) this.grant(session, target);
    return null;
  }

  /** The controller `by` declines the request of `to` (default: the oldest client that asked). */
  decline(by: number, to?: number): string | null {
    const session = this.controllerSession(by);
    if (typeof session !== 'string') return session.error;
    const target = to ?? this.oldestWanting(session);
    const t = target === undefined ? undefined : this.clients.get(target);
    if (!t || t.session !== session || !t.wantsControl) return 'no pending request to decline';
    t.wantsControl = false;
    this.o.notify?.(t.id, { t: 'control', session, notice: 'declined', from: by });
    this.changed(session);
    return null;
  }

  /**
   * Client `by` removes client `to` from the session both show (rozi's ctrl+k in Manage
   * collaborators): `to` is told who removed it, then its connection closes; the session, its
   * panes and every other page stay. Any writable page on the session may; never itself.
   */
  remove(by: number, to: number): string | null {
    const c = this.clients.get(by);
    if (!c || c.session === null) return 'show a session first';
    if (c.readOnly) return 'a read-only client cannot remove anyone';
    if (to === by) return 'you cannot remove your own page; close it instead';
    const t = this.clients.get(to);
    if (!t || t.session !== c.session) return `browser ${to} is not on ${c.session}`;
    const session = c.session;
    this.o.notify?.(to, { t: 'control', session, notice: 'removed', from: by });
    this.o.disconnect?.(to, `removed from ${session} by browser ${by}`);
    return null;
  }

  /** The controller sets its session's input lock or takeover policy. */
  setPolicy(by: number, change: Partial<SessionPolicy>): string | null {
    const session = this.controllerSession(by);
    if (typeof session !== 'string') return session.error;
    Object.assign(this.policyOf(session), change);
    this.changed(session);
    return null;
  }

  /** Why client `id` may not type into a pane of `session` now, or null when it may. */
  inputRefusal(id: number, session: string | null): string | null {
    const c = this.clients.get(id);
    if (c?.readOnly) return 'read-only viewer: nothing was typed';
    const s = session ?? c?.session ?? null;
    if (s === null || !this.policies.get(s)?.inputLock) return null;
    return this.controllers.get(s) === id
      ? null
      : 'input lock: only the controller types here; nothing was typed';
  }

  controllerOf(session: string): number | null {
    return this.controllers.get(session) ?? null;
  }

  roster(): Roster {
    return {
      clients: [...this.clients.values()].map((c) => ({ ...c })),
      controllers: Object.fromEntries(this.controllers),
      policies: Object.fromEntries([...this.policies].map(([k, v]) => [k, { ...v }])),
    };
  }

  private policyOf(session: string): SessionPolicy {
    let p = this.policies.get(session);
    if (!p)
      this.policies.set(session, (p = { takeover: this.o.allowTakeover?.() ?? true, inputLock: false }));
    return p;
  }

  private controllerSession(by: number): string | { error: string } {
    const c = this.clients.get(by);
    if (!c || c.session === null) return { error: 'show a session first' };
    if (this.controllers.get(c.session) !== by) return { error: 'only the controller can do that' };
    return c.session;
  }

  private oldestWanting(session: string): number | undefined {
    return [...this.clients.values()]
      .filter((c) => c.session === session && c.wantsControl)
      .sort((a, b) => a.since - b.since)[0]?.id;
  }

  private grant(session: string, id: number): void {
    this.controllers.set(session, id);
    const c = this.clients.get(id);
    if (c) c.wantsControl = false;
    this.bus.emit({ type: 'controller-changed', session, controller: id, reason: 'granted' });
    this.changed(session);
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

  /** Every page on `session` re-reads the roster (wants flags and policies have no bus event). */
  private changed(session: string): void {
    for (const c of this.clients.values())
      if (c.session === session) this.o.notify?.(c.id, { t: 'control', session, notice: 'changed' });
  }
}
