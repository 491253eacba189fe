// Placement on remote hosts (spec 003, "Run on the session host", "Availability", "Lifecycle"):
// the client side. For every host with an attached session, `each-host` services run one
// instance there, `each-session` one per session there, and `active-session` one beside the
// session on screen when that session is on the host. Each runs from a snapshot of the
// extension sent over the host's link (host/placedRuntime.ts stores it read-only and checks the
// digest before every launch), with a credential issued for that extension, generation and host.
//
// A placed contribution never falls back to the client: when a host cannot run it, the instance
// stays unavailable with one of the spec's reasons, shown once per reason as a notification.
// The host ends everything it runs for this client when the link goes; a reconnect is a new link,
// so every instance there is placed again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtensionManifest, ServiceContribution } from '@rozi/extensions';
import { takeSnapshotSync, type GenerationTable, type ServiceStatus } from '@rozi/extensions/node';
import type { EventBus } from '../events/bus';
import { LinkCallError } from '../link/linkCallError';
import type { LinkServe } from '../link/linkRpc';
import { outputFromHost } from '../remote/nameTranslation';
import type { RemoteHost } from '../remote/remoteHost';
import type { ExtensionRuntime } from './extensionRuntime';

export const AVAILABILITY_REASONS = [
  'unsupported-platform',
  'runtime-unsupported',
  'missing-executable',
  'bundle-failed',
  'runtime-unreachable',
  'no-session',
  'spawn-failed',
] as const;
export type AvailabilityReason = (typeof AVAILABILITY_REASONS)[number];

const CALL_MS = 20_000;
const STORE_MS = 120_000;
/** A call that failed while its link stayed up is tried again after these (then every last). */
const RETRY_MS = [2000, 5000, 10_000, 20_000, 30_000];

interface SessionRef {
  /** The session's name on its host (no `@alias`). */
  name: string;
  instance: string;
}

interface Wanted {
  id: string;
  rt: ExtensionRuntime;
  service: ServiceContribution;
  host: RemoteHost;
  session: SessionRef | undefined;
}

interface Placed {
  id: string;
  extension: string;
  service: string;
  placement: string;
  host: string;
  session: SessionRef | undefined;
  generation: string;
  digest: string | null;
  credentialKey: string;
  credential: string | null;
  /** The link it was started on: a new link means the host ended it. */
  link: object | undefined;
  state: 'starting' | 'placed' | 'unavailable';
  reason: AvailabilityReason | null;
  message: string | null;
}

export interface PlacedProcessRow {
  extension: string;
  service: string;
  placement: string;
  host: string;
  session: string | null;
  generation: string;
  digest: string | null;
  state: string;
  pid: number | null;
  reason: AvailabilityReason | null;
  message: string | null;
}

export interface PlacementHostRow {
  alias: string;
  state: string;
  reason: string | null;
  platform: string | null;
  placed: number;
}

export interface RemotePlacementOptions {
  bus: EventBus;
  runtimes(): ExtensionRuntime[];
  hosts(): RemoteHost[];
  generations: GenerationTable;
  notify(n: { level: 'error' | 'warn'; title: string; message: string }): void;
  /** Runs a procedure of this server for a placed process (its request, already checked). */
  run(path: string, input: unknown, signal: AbortSignal): Promise<unknown>;
  log(line: string): void;
}

const REMOTE_PLACEMENTS = new Set(['each-host', 'each-session', 'active-session']);

export function platformOk(manifest: ExtensionManifest, hostPlatform: string | null): boolean {
  if (!manifest.extension.platforms || manifest.extension.platforms.length === 0 || !hostPlatform)
    return true;
  const os = hostPlatform.split('-')[0] ?? '';
  const name = os === 'darwin' ? 'macos' : os === 'win32' ? 'windows' : os;
  return (manifest.extension.platforms as string[]).includes(name);
}

export function stripAlias(name: string, alias: string): string {
  return name.endsWith(`@${alias}`) ? name.slice(0, -alias.length - 1) : name;
}

export class RemotePlacement {
  private readonly placed = new Map<string, Placed>();
  /** `<extension>|<host>|<reason>` already shown (spec: once per reason). */
  private readonly shown = new Set<string>();
  private readonly snapshots = new Map<string, { digest: string; files: StoreFile[] } | { error: string }>();
  private onScreen: { session: string } | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private readonly offs: Array<() => void> = [];
  private stopped = false;
  private retryUnavailable = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retries = 0;

  constructor(readonly o: RemotePlacementOptions) {}

  /** The session on screen as the last focus-changed named it (`name@alias` on a host), if any. */
  screenSession(): string | undefined {
    return this.onScreen?.session;
  }

  start(): void {
    const kick = () => this.schedule();
    this.offs.push(this.o.bus.on('workspace-changed', kick));
    this.offs.push(
      this.o.bus.on('extensions-changed', () => {
        this.retryUnavailable = true;
        kick();
      }),
    );
    this.offs.push(
      this.o.bus.on('focus-changed', (e) => {
        this.onScreen = { session: e.session };
        kick();
      }),
    );
    kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    for (const off of this.offs.splice(0)) off();
    await this.running;
    for (const p of this.placed.values()) this.o.generations.retire(p.credentialKey);
    this.placed.clear();
  }

  /** Coalesces bursts of events into one pass; a pass never overlaps another. */
  schedule(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.reconcile()
      .catch((err: unknown) => this.o.log(`placement: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.schedule();
        }
      });
  }

  /** Waits for the pass in flight (tests, status). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private wanted(): Map<string, Wanted> {
    const out = new Map<string, Wanted>();
    for (const host of this.o.hosts()) {
      const sessions = host.rows().sessions;
      if (sessions.length === 0) continue;
      const refs = sessions.map((s) => ({ name: stripAlias(s.name, host.alias), instance: s.instanceId }));
      const screen = this.onScreen?.session;
      const onScreen =
        screen && screen.endsWith(`@${host.alias}`)
          ? refs.find((r) => r.name === stripAlias(screen, host.alias))
          : undefined;
      for (const rt of this.o.runtimes()) {
        for (const service of rt.manifest.services) {
          if (!REMOTE_PLACEMENTS.has(service.placement)) continue;
          const base = `${rt.id}/${service.name}@${host.alias}`;
          if (service.placement === 'each-host')
            out.set(base, { id: base, rt, service, host, session: undefined });
          if (service.placement === 'each-session')
            for (const r of refs)
              out.set(`${base}/${r.instance}`, {
                id: `${base}/${r.instance}`,
                rt,
                service,
                host,
                session: r,
              });
          if (service.placement === 'active-session' && onScreen)
            out.set(base, { id: base, rt, service, host, session: onScreen });
        }
      }
    }
    return out;
  }

  private readonly scopes = new WeakMap<object, string | null>();

  /** Tells each linked host which of its sessions is on screen (its gate's scope). */
  private async sendScopes(): Promise<void> {
    const screen = this.onScreen?.session;
    for (const host of this.o.hosts()) {
      const link = host.conn.link;
      if (
        !link?.open ||
        ![...this.placed.values()].some((p) => p.host === host.alias && p.state === 'placed')
      )
        continue;
      const value = screen?.endsWith(`@${host.alias}`) ? stripAlias(screen, host.alias) : null;
      if (this.scopes.has(link) && this.scopes.get(link) === value) continue;
      this.scopes.set(link, value);
      try {
        await link.rpc.call('link.ext.scope', { session: value }, CALL_MS);
      } catch (err) {
        this.scopes.delete(link);
        this.o.log(`placement: scope on ${host.alias}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  /**
   * The host's calls for its placed processes (`placed.call`): only with a live credential this
   * client issued for a process on that very host; the request then runs here as the extension's
   * (its current generation), with the host's names and keys translated to this server's.
   */
  serveFor(host: RemoteHost): LinkServe {
    return async (path, input, signal) => {
      if (path !== 'placed.call') throw new LinkCallError('not-permitted', `${path} is not served to a host`);
      const req = input as { path?: unknown; input?: unknown } | null;
      const inner = req?.input as { caller?: { extension?: unknown; generation?: unknown } } | undefined;
      const token = inner?.caller?.generation;
      const p = [...this.placed.values()].find(
        (x) =>
          x.host === host.alias && x.state === 'placed' && x.credential !== null && x.credential === token,
      );
      if (
        !p ||
        !this.o.generations.check(p.credentialKey, String(token)).ok ||
        inner?.caller?.extension !== p.extension
      )
        throw new LinkCallError(
          'not-permitted',
          `a credential that is revoked, retired or not issued for ${host.alias} was refused`,
        );
      const rt = this.o.runtimes().find((r) => r.id === p.extension);
      if (!rt || rt.generation !== p.generation)
        throw new LinkCallError('stale-generation', `${p.extension} was reloaded; this process is retired`);
      const translated = outputFromHost(inner, host.mapping) as Record<string, unknown>;
      return this.o.run(
        String(req?.path ?? ''),
        { ...translated, caller: { extension: rt.id, generation: rt.generation } },
        signal,
      );
    };
  }

  private async reconcile(): Promise<void> {
    await this.sendScopes();
    const wanted = this.wanted();
    for (const [id, p] of [...this.placed]) {
      const w = wanted.get(id);
      if (w && this.current(p, w)) continue;
      this.placed.delete(id);
      await this.end(p);
    }
    const retry = this.retryUnavailable;
    this.retryUnavailable = false;
    for (const w of wanted.values()) {
      if (this.stopped) return;
      const p = this.placed.get(w.id);
      if (p && p.state !== 'unavailable') continue;
      // Unavailable for a reason only the user can fix: tried again on reload-extensions.
      if (p && p.reason !== 'runtime-unreachable' && !retry) continue;
      if (p) this.placed.delete(w.id);
      await this.place(w);
    }
    await this.sendScopes();
    this.retryLater(wanted);
  }

  /**
   * An instance left runtime-unreachable although its host's link is up (a call timed out on a
   * busy host) has no event to wait for: a later pass is timed here, backing off, until it runs.
   */
  private retryLater(wanted: Map<string, Wanted>): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const stuck = [...wanted.values()].some((w) => {
      const p = this.placed.get(w.id);
      return (
        p?.state === 'unavailable' &&
        p.reason === 'runtime-unreachable' &&
        w.host.conn.state === 'connected' &&
        w.host.conn.link?.open === true
      );
    });
    if (!stuck || this.stopped) {
      this.retries = 0;
      return;
    }
    const delay = RETRY_MS[Math.min(this.retries++, RETRY_MS.length - 1)] as number;
    this.o.log(`placement: a host call failed on a live link; trying again in ${delay} ms`);
    this.retryTimer = setTimeout(() => this.schedule(), delay);
    this.retryTimer.unref();
  }

  /** Whether an instance still stands: same generation, session and live link. */
  private current(p: Placed, w: Wanted): boolean {
    if (p.generation !== w.rt.generation) return false;
    if ((p.session?.instance ?? '') !== (w.session?.instance ?? '') || p.session?.name !== w.session?.name)
      return false;
    const link = w.host.conn.link;
    const up = link?.open === true && w.host.conn.state === 'connected';
    if (p.state === 'unavailable') return p.reason !== 'runtime-unreachable' || !up;
    if (!up) {
      // The link went: the host ended it (spec: Lifecycle); it comes back with the link.
      this.markUnavailable(
        p,
        'runtime-unreachable',
        w.host.conn.reason ?? `the connection to ${w.host.alias} dropped`,
      );
      return true;
    }
    return p.link === link;
  }

  private async end(p: Placed): Promise<void> {
    this.o.generations.retire(p.credentialKey);
    const host = this.o.hosts().find((h) => h.alias === p.host);
    const link = host?.conn.link;
    if (p.state !== 'placed' || !link?.open || link !== p.link) return;
    try {
      await link.rpc.call('link.ext.stop', { id: p.id }, CALL_MS);
    } catch (err) {
      this.o.log(`placement: stopping ${p.id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private async place(w: Wanted): Promise<void> {
    const credentialKey = `${w.rt.id}@host:${w.host.alias}:${w.id}`;
    const p: Placed = {
      id: w.id,
      extension: w.rt.id,
      service: w.service.name,
      placement: w.service.placement,
      host: w.host.alias,
      session: w.session,
      generation: w.rt.generation,
      digest: null,
      credentialKey,
      credential: null,
      link: undefined,
      state: 'starting',
      reason: null,
      message: null,
    };
    this.placed.set(w.id, p);
    const link = w.host.conn.link;
    if (!platformOk(w.rt.manifest, w.host.info().platform))
      return this.markUnavailable(
        p,
        'unsupported-platform',
        `${w.rt.id} runs on ${(w.rt.manifest.extension.platforms ?? []).join(', ')}; ${w.host.alias} is ${w.host.info().platform}`,
      );
    if (!link?.open || w.host.conn.state !== 'connected')
      return this.markUnavailable(
        p,
        'runtime-unreachable',
        w.host.conn.reason ?? `${w.host.alias} is not connected`,
      );
    const snap = this.snapshotOf(w.rt);
    if ('error' in snap) return this.markUnavailable(p, 'bundle-failed', snap.error);
    p.digest = snap.digest;
    p.link = link;
    const credential = this.o.generations.rotate(credentialKey);
    p.credential = credential;
    const input = {
      id: w.id,
      extension: w.rt.id,
      service: w.service.name,
      digest: snap.digest,
      generation: w.rt.generation,
      credential,
      configJson: w.rt.settings.json,
      run: w.service.run,
      cwd: w.service.cwd ? w.service.cwd.replace(/^\.\//, '') : '',
      restart: w.service.restart,
      serviceEnv: w.service.env,
      session: w.session,
      sessionScope: w.service.sessionScope,
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        if (!(await this.ensureStored(link, snap))) return;
        await link.rpc.call('link.ext.start', input, CALL_MS);
        p.state = 'placed';
        this.clearShown(p);
        this.o.log(`placement: ${w.id} started on ${w.host.alias} (${snap.digest.slice(0, 19)})`);
        return;
      } catch (err) {
        const code = err instanceof LinkCallError ? err.code : 'spawn-failed';
        const message = err instanceof Error ? err.message : String(err);
        if (code === 'snapshot-missing' && attempt === 0) continue;
        return this.markUnavailable(p, this.reasonOf(code, message), message);
      }
    }
  }

  /** Sends the snapshot unless the host holds it, verified. False = marked unavailable by the caller's catch. */
  async ensureStored(
    link: NonNullable<RemoteHost['conn']['link']>,
    snap: { digest: string; files: StoreFile[] },
  ): Promise<boolean> {
    const has = await link.rpc.call<{ present: boolean }>('link.ext.has', { digest: snap.digest }, CALL_MS);
    if (has.present) return true;
    try {
      await link.rpc.call('link.ext.store', { digest: snap.digest, files: snap.files }, STORE_MS);
    } catch (err) {
      // The link's own failures (dropped, timed out) are runtime-unreachable and tried again.
      if (err instanceof LinkCallError && (err.code === 'host-unreachable' || err.code === 'host-timeout'))
        throw err;
      throw new LinkCallError('bundle-failed', err instanceof Error ? err.message : String(err));
    }
    return true;
  }

  reasonOf(code: string, message: string): AvailabilityReason {
    if ((AVAILABILITY_REASONS as readonly string[]).includes(code)) return code as AvailabilityReason;
    if (code === 'host-unreachable' || code === 'host-timeout') return 'runtime-unreachable';
    // A host whose rozi predates placement serves no link.ext.* procedures.
    if (/not served here|No procedure found|no procedure/i.test(message) || code === 'NOT_FOUND')
      return 'runtime-unsupported';
    return 'spawn-failed';
  }

  /** The extension's files, read once per generation (the runtime's dir and fingerprint). */
  snapshotOf(rt: ExtensionRuntime): { digest: string; files: StoreFile[] } | { error: string } {
    const key = `${rt.id}\0${rt.generation}`;
    const cached = this.snapshots.get(key);
    if (cached) return cached;
    for (const k of [...this.snapshots.keys()]) if (k.startsWith(`${rt.id}\0`)) this.snapshots.delete(k);
    let value: { digest: string; files: StoreFile[] } | { error: string };
    try {
      const snap = takeSnapshotSync(rt.dir, { digest: true });
      if (!snap.digest || snap.problems.length)
        value = {
          error: snap.problems[0]?.message ?? `could not take a snapshot of ${rt.id}'s files`,
        };
      else
        value = {
          digest: snap.digest,
          files: snap.files.map((f) => ({
            path: f.path,
            executable: f.executable,
            data: readFileSync(join(rt.dir, f.linkTarget ?? f.path)).toString('base64'),
          })),
        };
    } catch (err) {
      value = {
        error: `could not read ${rt.id}'s files: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
    this.snapshots.set(key, value);
    return value;
  }

  private markUnavailable(p: Placed, reason: AvailabilityReason, message: string): void {
    p.state = 'unavailable';
    p.reason = reason;
    p.message = message;
    this.o.generations.retire(p.credentialKey);
    this.notifyOnce({ key: p.extension, what: `${p.extension}.${p.service}`, host: p.host, reason, message });
  }

  /** One notification per (key, host, reason) until clearShown (spec: once per reason). */
  notifyOnce(o: {
    key: string;
    what: string;
    host: string;
    reason: AvailabilityReason;
    message: string;
  }): void {
    const key = `${o.key}|${o.host}|${o.reason}`;
    // Every time in the log; once in the notifications.
    this.o.log(`placement: ${o.what} unavailable on ${o.host}: ${o.reason}: ${o.message}`);
    if (this.shown.has(key)) return;
    this.shown.add(key);
    this.o.notify({
      level: o.reason === 'runtime-unreachable' ? 'warn' : 'error',
      title: `${o.what} unavailable on ${o.host}: ${o.reason}`,
      message: o.message,
    });
  }

  /** Running again on a host: a later failure there is news again. */
  clearShown(p: { extension: string; host: string }): void {
    for (const r of AVAILABILITY_REASONS) this.shown.delete(`${p.extension}|${p.host}|${r}`);
  }

  /** Every placed process, with the host's live state and pid when its link is up. */
  async report(): Promise<{ hosts: PlacementHostRow[]; placed: PlacedProcessRow[] }> {
    const live = new Map<string, ServiceStatus>();
    const hosts: PlacementHostRow[] = [];
    for (const host of this.o.hosts()) {
      const mine = [...this.placed.values()].filter((p) => p.host === host.alias);
      const info = host.info();
      if (mine.length === 0 && host.rows().sessions.length === 0) continue;
      hosts.push({
        alias: host.alias,
        state: info.state,
        reason: info.reason,
        platform: info.platform,
        placed: mine.length,
      });
      const link = host.conn.link;
      if (!link?.open || !mine.some((p) => p.state === 'placed')) continue;
      try {
        const rows = await link.rpc.call<Array<{ id: string; status: ServiceStatus }>>(
          'link.ext.status',
          {},
          10_000,
        );
        for (const r of rows) live.set(`${host.alias}\0${r.id}`, r.status);
      } catch {
        // A slow link: the rows below keep what this side knows.
      }
    }
    const placed = [...this.placed.values()].map((p) => {
      const st = p.state === 'placed' ? live.get(`${p.host}\0${p.id}`) : undefined;
      return {
        extension: p.extension,
        service: p.service,
        placement: p.placement,
        host: p.host,
        session: p.session?.name ?? null,
        generation: p.generation,
        digest: p.digest,
        state: p.state === 'placed' ? (st?.state ?? 'placed') : p.state,
        pid: st?.pid ?? null,
        reason: p.reason,
        message: p.message ?? st?.reason ?? null,
      };
    });
    return { hosts, placed };
  }
}

interface StoreFile {
  path: string;
  executable: boolean;
  data: string;
}
