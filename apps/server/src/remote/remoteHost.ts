// One remote host as this server sees it: its connection (hostConnection.ts), the translation of
// names and keys (nameTranslation.ts), the panes it streams (remotePane.ts), and the last
// workspace and notifications it reported, kept so a host whose link is down still shows its
// sessions (`reconnecting` / `offline`, with the reason) instead of vanishing.
import type { EventBus } from '../events/bus';
import type { ServerEvent } from '../events/types';
import { LinkCallError } from '../link/linkCallError';
import type { LinkMessage } from '../link/linkProtocol';
import type { LinkServe } from '../link/linkRpc';
import type { PaneView, WorkspaceView } from '../projection/types';
import type { InboxView } from '../status/inboxTypes';
import type { HostInfo, NotificationInfo, PaneInfo, SessionInfo } from '../session/model';
import { HostConnection } from './hostConnection';
import { HostLink } from './hostLink';
import { HostView } from './hostView';
import type { SshTarget } from './hostTarget';
import type { LinkFailure } from './linkFailure';
import { inputToHost, outputFromHost, type KeyMapping } from './nameTranslation';
import { RemotePane, type PaneLinkPort } from './remotePane';
import { linkCommand, sshArgv, type SshContext } from './sshCommand';

export interface RemoteHostOptions {
  target: SshTarget;
  ssh: () => SshContext;
  bus: EventBus;
  ringBytes: number;
  /** A fresh local key for a remote pane (the registry's counter: keys never repeat). */
  allocKey(): number;
  /** Registers a local key as this host's (the registry routes by it). */
  claimKey(localKey: number): void;
  /** Local ids for the host's notifications (browsers key toasts by id). */
  allocNotificationId(): number;
  /**
   * Called when rozi is missing or too old there: installs it when [remote] install allows and
   * resolves true, or resolves false to leave the failure standing.
   */
  install?(host: RemoteHost): Promise<boolean>;
  installHint(alias: string): string;
  /** Serves the host's calls (placement), given this host. */
  serve?(host: RemoteHost): LinkServe;
  log(line: string): void;
  /** Whether this host is attached (reconnect after drops) rather than used once. */
  attached(): boolean;
  /** State or cached workspace changed: the sidebar redraws. */
  changed(): void;
  /** This host's inbox changed (or went with its link): the local inbox is sent again. */
  inboxChanged?(): void;
}

const CALL_TIMEOUT_MS = 30_000;
const LIST_TIMEOUT_MS = 3000;
const REFRESH_RETRY_MS = 1000;
const REFRESH_RETRY_MAX_MS = 15_000;

/** Waits for `p` at most `ms` (it goes on after that); never throws. */
async function withinMs(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    p.catch(() => undefined),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}

export class RemoteHost {
  readonly alias: string;
  readonly conn: HostConnection;
  private readonly toLocalKey = new Map<number, number>();
  private readonly toRemoteKey = new Map<number, number>();
  private readonly panes = new Map<number, RemotePane>();
  private readonly view = new HostView();
  /** Last call through the link (an unattached host's link closes when idle). */
  lastUsed = Date.now();
  private refreshing: Promise<void> | null = null;
  readonly notifications: NotificationInfo[] = [];
  /** The host's needs-you inbox, translated (its sessions `name@alias`, keys and refs ours); null while unlinked. */
  inbox: InboxView | null = null;
  readonly mapping: KeyMapping;
  private installing = false;

  constructor(readonly o: RemoteHostOptions) {
    this.alias = o.target.alias;
    this.mapping = {
      alias: this.alias,
      toLocal: (remoteKey) => {
        let local = this.toLocalKey.get(remoteKey);
        if (local === undefined) {
          local = o.allocKey();
          this.toLocalKey.set(remoteKey, local);
          this.toRemoteKey.set(local, remoteKey);
          o.claimKey(local);
        }
        return local;
      },
      toRemote: (localKey) => this.toRemoteKey.get(localKey),
    };
    this.conn = new HostConnection({
      open: () => this.openLink(),
      up: () => this.linkUp(),
      down: (f) => this.linkDown(f),
      changed: () => o.changed(),
      keepTrying: () => o.attached(),
      log: (line) => o.log(`${this.alias}: ${line}`),
    });
  }

  get target(): SshTarget {
    return this.o.target;
  }

  info(): HostInfo {
    const hello = this.conn.link?.hello;
    return {
      alias: this.alias,
      source: this.o.target.source,
      state: this.conn.state,
      reason: this.conn.reason,
      sessions: this.view.current?.sessions.length ?? 0,
      version: hello?.version ?? this.lastHello?.version ?? null,
      platform: hello
        ? `${hello.platform}-${hello.arch}`
        : this.lastHello
          ? `${this.lastHello.platform}-${this.lastHello.arch}`
          : null,
    };
  }

  private lastHello: { version: string; platform: string; arch: string } | null = null;

  /** The sessions and panes last seen, each session row carrying this host's state. */
  rows(): { sessions: SessionInfo[]; panes: PaneView[] } {
    const v = this.view.current;
    if (!v) return { sessions: [], panes: [] };
    const state = this.conn.state;
    const reason = this.conn.reason;
    return {
      sessions: v.sessions.map((s) => ({ ...s, host: this.alias, hostState: state, hostReason: reason })),
      panes: v.panes,
    };
  }

  /** Calls a procedure on the host with the input translated; the answer comes back translated. */
  async call<T = unknown>(path: string, input: unknown, timeoutMs = CALL_TIMEOUT_MS): Promise<T> {
    this.lastUsed = Date.now();
    const link = await this.liveLink();
    const out = await link.rpc.call(path, inputToHost(input, this.mapping, path), timeoutMs);
    return outputFromHost(out, this.mapping) as T;
  }

  /** A forwarded subscription: the host's items, translated, until either side ends it. */
  async *subscribe(path: string, input: unknown, signal?: AbortSignal): AsyncGenerator<unknown> {
    const link = await this.liveLink();
    const queue: unknown[] = [];
    let wake: (() => void) | null = null;
    let finished = false;
    let failure: unknown = null;
    const sub = link.rpc.subscribe(path, inputToHost(input, this.mapping, path), (item) => {
      queue.push(outputFromHost(item, this.mapping));
      wake?.();
    });
    sub.done.then(
      () => ((finished = true), wake?.()),
      (err: unknown) => ((failure = err), (finished = true), wake?.()),
    );
    const onAbort = () => sub.cancel();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        while (queue.length) yield queue.shift();
        if (finished) break;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
      if (failure) throw failure;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      sub.cancel();
    }
  }

  /** Fresh sessions and panes when the link is up (the last seen otherwise); never throws. */
  async workspace(): Promise<{ sessions: SessionInfo[]; panes: PaneView[] }> {
    // A slow host's view still lands (below); a listing waits for it only LIST_TIMEOUT_MS.
    if (this.conn.state === 'connected') await withinMs(this.refresh(), LIST_TIMEOUT_MS);
    return this.rows();
  }

  /**
   * Fetches the host's whole view (after a link comes up, or a gap in its deltas). The answer is
   * taken however late it comes within CALL_TIMEOUT_MS, and a failed fetch is asked again while
   * the same link stays up: a busy host must not leave this copy stale until its next change
   * (placement and the sidebar would wait for an event that never comes).
   *
   * The answer and the deltas race: one chunk from the link can hold the answer (revision R) and
   * the delta R+1 after it, and the delta is handled before the answer's promise continues. So an
   * answer older than the copy (same link) is dropped, and a delta that did not apply while the
   * fetch travelled asks again once it lands (`gap`): otherwise a session created on the host
   * right after link-up stays missing here until the host's next change, which may never come.
   */
  private refresh(): Promise<void> {
    if (this.refreshing) return this.refreshing;
    const link = this.conn.link;
    // A fetch sent now answers with everything the host had shown before it: earlier gaps are covered.
    this.refreshAgain = false;
    let landed = false;
    this.refreshing = this.call<WorkspaceView>('workspace.get', undefined, CALL_TIMEOUT_MS)
      .then((v) => {
        landed = true;
        this.refreshFailures = 0;
        const now = this.conn.link;
        const mine = this.view.current;
        if (mine && this.viewLink === now && mine.revision > v.revision) return;
        this.view.reset(v);
        this.viewLink = now;
        for (const p of v.panes) this.paneSize(p);
        this.o.bus.workspaceChanged();
      })
      .catch((err: unknown) => {
        // The last rows stand, marked with the host's state; the same live link is asked again.
        if (!link || link !== this.conn.link || !link.open) return;
        const delay = Math.min(REFRESH_RETRY_MS * 2 ** this.refreshFailures++, REFRESH_RETRY_MAX_MS);
        this.o.log(
          `${this.alias}: workspace.get failed (${err instanceof Error ? err.message : String(err)}); again in ${delay} ms`,
        );
        clearTimeout(this.refreshTimer);
        this.refreshTimer = setTimeout(() => {
          if (link === this.conn.link && link.open) void this.refresh();
        }, delay);
        this.refreshTimer.unref();
      })
      .finally(() => {
        this.refreshing = null;
        // A failed fetch is asked again by its timer (or by the next link-up).
        if (landed && this.refreshAgain && this.conn.link?.open) void this.refresh();
      });
    return this.refreshing;
  }

  /** A delta that does not follow the copy: fetch the view, again after the one in flight if any. */
  private gap(): void {
    if (this.refreshing) this.refreshAgain = true;
    else void this.refresh();
  }

  private refreshFailures = 0;
  private refreshTimer: NodeJS.Timeout | undefined;
  /** The link whose revisions the copy follows (a new link's deltas wait for its first view). */
  private viewLink: HostLink | null = null;
  /** A delta did not apply while a fetch was in flight (its answer may predate the delta). */
  private refreshAgain = false;

  /** Local key of a remote pane → its stream (created on first use). */
  stream(localKey: number): RemotePane | undefined {
    const remoteKey = this.toRemoteKey.get(localKey);
    if (remoteKey === undefined) return undefined;
    let pane = this.panes.get(remoteKey);
    if (!pane) {
      pane = new RemotePane({ key: localKey, remoteKey, port: this.port, ringBytes: this.o.ringBytes });
      const row = this.view.current?.panes.find((p) => p.key === localKey);
      if (row) {
        pane.cols = row.cols;
        pane.rows = row.rows;
        if (row.exited) pane.onExit(row.exit_code);
      }
      this.panes.set(remoteKey, pane);
    }
    return pane;
  }

  owns(localKey: number): boolean {
    return this.toRemoteKey.has(localKey);
  }

  hasInstance(instanceId: string): boolean {
    return this.view.current?.sessions.some((s) => s.instanceId === instanceId) ?? false;
  }

  dispose(): void {
    clearTimeout(this.refreshTimer);
    this.conn.dispose();
    for (const p of this.panes.values()) p.onLinkDown();
    this.panes.clear();
  }

  /** A link's port for remote panes: frames go out only while the link is up. */
  private readonly port: PaneLinkPort = linkPort(this, {
    attach: (remoteKey, o) => this.send({ t: 'attach', key: remoteKey, ...o }),
    detach: (remoteKey) => this.send({ t: 'detach', key: remoteKey }),
    input: (remoteKey, data) => this.send({ t: 'input', key: remoteKey, data }),
    resize: (remoteKey, cols, rows) => this.send({ t: 'resize', key: remoteKey, cols, rows }),
    ack: (remoteKey, bytes) => this.send({ t: 'ack', key: remoteKey, bytes }),
    snapshot: async (remoteKey) => {
      const link = await this.liveLink();
      const s = await link.rpc.call<{ data: string; offset: number }>(
        'link.snapshot',
        { key: remoteKey },
        10_000,
      );
      return { data: Buffer.from(s.data, 'base64'), offset: s.offset };
    },
  });

  /** Whether frames can go out now. */
  get linked(): boolean {
    return this.conn.link?.open === true;
  }

  private send(m: LinkMessage): void {
    const link = this.conn.link;
    if (link?.open) link.send(m);
  }

  private paneSize(row: Pick<PaneInfo, 'key' | 'cols' | 'rows'>): void {
    const remoteKey = this.toRemoteKey.get(row.key);
    const pane = remoteKey !== undefined ? this.panes.get(remoteKey) : undefined;
    if (pane && pane.viewerCount === 0) {
      pane.cols = row.cols;
      pane.rows = row.rows;
    }
  }

  private async liveLink(): Promise<HostLink> {
    const link = this.conn.link;
    if (link?.open) return link;
    try {
      return await this.conn.connect();
    } catch (failure) {
      const f = failure as LinkFailure;
      throw new LinkCallError('host-unreachable', f.message ?? String(failure));
    }
  }

  private async openLink(): Promise<HostLink> {
    const attempt = () => {
      const ssh = this.o.ssh();
      return HostLink.open({
        ssh: 'ssh',
        argv: sshArgv(
          this.o.target,
          ssh,
          linkCommand(this.o.target, {
            ROZI_ECHO_TRACE: process.env.ROZI_ECHO_TRACE,
            ROZI_HOST_STDIO: process.env.ROZI_HOST_STDIO,
          }),
        ),
        alias: this.alias,
        destination: this.o.target.destination,
        ...(this.o.target.source === 'config' ? { configuredAs: this.alias } : {}),
        installHint: this.o.installHint(this.alias),
        // ssh's own connect timeout, then the host's cold start of its headless server (serveStdio.ts).
        helloTimeoutMs: ssh.settings.connectionTimeoutSecs * 1000 + 75_000,
        handlers: {
          message: (m) => this.onMessage(m),
          stream: (frame) => this.panes.get(frame.readUInt32BE(1))?.onFrame(frame),
          closed: (f) => this.conn.dropped(f),
          serve: this.o.serve?.(this),
        },
      });
    };
    try {
      return await attempt();
    } catch (failure) {
      const f = failure as LinkFailure;
      if ((f.kind !== 'rozi-missing' && f.kind !== 'rozi-incompatible') || !this.o.install || this.installing)
        throw f;
      this.installing = true;
      let installed: boolean;
      try {
        installed = await this.o.install(this);
      } catch (err) {
        throw {
          kind: 'rozi-missing',
          message: `installing rozi on ${this.alias} failed: ${err instanceof Error ? err.message : String(err)}`,
          permanent: true,
        } satisfies LinkFailure;
      } finally {
        this.installing = false;
      }
      if (!installed) throw f;
      return attempt();
    }
  }

  private linkUp(): void {
    const link = this.conn.link;
    if (link) this.lastHello = link.hello;
    this.refreshFailures = 0;
    for (const p of this.panes.values()) p.onLinkUp();
    void this.refresh();
    // The host sends its inbox on every change; the first one is asked for.
    void this.call<InboxView>('agents.inbox', undefined, CALL_TIMEOUT_MS)
      .then((inbox) => this.setInbox(inbox))
      .catch(() => undefined);
  }

  private setInbox(inbox: InboxView | null): void {
    this.inbox = inbox;
    this.o.inboxChanged?.();
  }

  private linkDown(_f: LinkFailure): void {
    for (const p of this.panes.values()) p.onLinkDown();
    this.o.bus.workspaceChanged();
    // An unreachable host's questions cannot be answered from here: they leave the inbox.
    if (this.inbox) this.setInbox(null);
  }

  private onMessage(m: LinkMessage): void {
    if (m.t === 'exit') {
      this.panes.get(m.key)?.onExit(m.code);
      return;
    }
    if (m.t === 'bye') {
      this.o.log(`${this.alias}: the host closes the link: ${m.reason}`);
      return;
    }
    if (m.t !== 'event') return;
    const event = outputFromHost(m.event, this.mapping) as ServerEvent;
    switch (event.type) {
      // The host's deltas move our copy; the local projection then diffs it for the browsers.
      case 'workspace-changed':
        return;
      case 'workspace-delta':
        if (this.viewLink === this.conn.link && this.view.apply(event.delta)) {
          for (const p of event.delta.panes ?? []) this.paneSize(p);
          this.o.bus.workspaceChanged();
        } else this.gap();
        return;
      case 'pane-closed': {
        const remoteKey = this.toRemoteKey.get(event.key);
        if (remoteKey !== undefined) {
          this.panes.get(remoteKey)?.onLinkDown();
          this.panes.delete(remoteKey);
        }
        break;
      }
      case 'inbox-changed':
        this.setInbox(event.inbox);
        return;
      case 'notification': {
        const n = { ...event.notification, id: this.o.allocNotificationId() };
        this.notifications.push(n);
        if (this.notifications.length > 100) this.notifications.shift();
        this.o.bus.emit({ type: 'notification', notification: n });
        return;
      }
      default:
        // Every other event is forwarded as the host raised it (keys already translated).
        break;
    }
    this.o.bus.emit(event);
  }
}

function linkPort(host: RemoteHost, ops: Omit<PaneLinkPort, 'connected'>): PaneLinkPort {
  return {
    ...ops,
    get connected() {
      return host.linked;
    },
  };
}
