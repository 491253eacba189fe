// The host end of extension placement (spec 003, "Run on the session host"): the processes a
// client placed on this machine over its link. One PlacedRuntime per link session; it belongs to
// that client and ends, with everything it runs, when the link does (spec: Lifecycle).
//
// Files come as a snapshot named by its content digest: stored under <dataDir>/placed/<hex>,
// checked against the digest, made read-only, and checked again before every launch. A snapshot
// that changed or regained write permission is discarded and the launch answers
// `snapshot-missing`, so the client sends a fresh copy before anything runs.
//
// Link procedures (LinkServer.extra): link.ext.has, link.ext.store, link.ext.start,
// link.ext.run (one command, placedCommand.ts), link.ext.deploy (placedDeploy.ts), link.ext.stop, link.ext.status, link.ext.scope (the session on screen). Each placed process gets
// its own control socket whose requests pass placedGate.ts; those acting for the extension go to
// the client as `placed.call`. Refusals carry the spec's availability reasons as codes
// (missing-executable, bundle-failed, spawn-failed).
import { accessSync, constants, existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import {
  buildExtensionEnv,
  ensureStateDir,
  extensionLogDir,
  ServiceSupervisor,
  takeSnapshotSync,
  UnitLog,
  type RestartPolicy,
  type ServiceStatus,
} from '@rozi/extensions/node';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:net';
import type { ServerServices } from '../api/context';
import { attachedRowsOf } from '../api/paneRows';
import { cutterOf, listenControlSocket } from '../control/socketServer';
import { LinkCallError } from '../link/linkCallError';
import type { LinkRpc } from '../link/linkRpc';
import { deploySnapshot } from './placedDeploy';
import { eventsInScope } from './placedEvents';
import { EXTENSION_ID_RE, runPlacedCommand, type PlacedRun } from './placedCommand';
import { inBinding, placedGate, type PlacedBinding } from './placedGate';
import { hexOf, removeTree, safeRelative, setTreeMode, verifiedSnapshot } from './placedSnapshots';

/** Bounds of one stored snapshot (the spec's snapshot limits). */
const MAX_FILES = 4096;
const MAX_BYTES = 32 * 1024 * 1024;

export interface PlacedPaths {
  dataDir: string;
  /** This host's config.toml: a session deployment's settings come from it. */
  configFile: string;
  stateDir: string;
  logDir: string;
  socket: string;
}

export interface PlacedRuntimeOptions {
  paths: PlacedPaths;
  env: NodeJS.ProcessEnv;
  roziBin: string;
  /** What a placed process's requests run against when the gate lets them (this server). */
  services: ServerServices;
  log(line: string): void;
}

export interface StoreInput {
  digest: string;
  files: Array<{ path: string; executable: boolean; data: string }>;
}

export interface StartInput {
  /** The client's key for this instance (`<ext>/<service>@<host or session instance>`). */
  id: string;
  extension: string;
  service: string;
  digest: string;
  generation: string;
  credential: string;
  configJson: string;
  run: PlacedRun;
  /** A directory inside the extension, or '' for its root. */
  cwd: string;
  restart: RestartPolicy;
  serviceEnv: Record<string, string>;
  session?: { name: string; instance: string };
  /** The service's session_scope (an older client sends none: active). */
  sessionScope?: 'active' | 'attached';
}

export interface PlacedRow {
  id: string;
  extension: string;
  service: string;
  digest: string;
  generation: string;
  session: string | null;
  status: ServiceStatus;
}

const SERVICE_RE = /^[a-z0-9_-]+$/;

/** A program name on PATH (host side), or undefined. */
function onPath(name: string, path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      if (statSync(p).isFile()) return p;
    } catch {
      // not here
    }
  }
  return undefined;
}

export class PlacedRuntime {
  private readonly running = new Map<
    string,
    { input: StartInput; sup: ServiceSupervisor; cut: () => void }
  >();
  private closed = false;
  /** The host's name of the session on screen in the client, or null (link.ext.scope). */
  private onScreen: string | null = null;

  constructor(
    readonly o: PlacedRuntimeOptions,
    private readonly link: { rpc: LinkRpc },
  ) {}

  /** Whether the link ended (nothing more starts here). */
  get isClosed(): boolean {
    return this.closed;
  }

  snapshotDir(digest: string): string {
    return join(this.o.paths.dataDir, 'placed', hexOf(digest));
  }

  /** Whether the snapshot is here, unchanged and read-only; a bad one is removed. */
  verified(digest: string): boolean {
    return verifiedSnapshot({ dataDir: this.o.paths.dataDir, digest, log: this.o.log }) !== undefined;
  }

  has(input: unknown): { present: boolean } {
    const digest = (input as { digest?: unknown } | null)?.digest;
    hexOf(digest);
    return { present: this.verified(digest as string) };
  }

  store(input: unknown): { stored: true } {
    const i = input as StoreInput;
    const hex = hexOf(i?.digest);
    if (!Array.isArray(i.files) || i.files.length > MAX_FILES)
      throw new LinkCallError('bundle-failed', `a snapshot holds at most ${MAX_FILES} files`);
    if (this.verified(i.digest)) return { stored: true };
    const final = this.snapshotDir(i.digest);
    const staging = `${final}.tmp-${process.pid}-${Date.now()}`;
    let total = 0;
    try {
      // Inside the try: a store directory the host cannot make is bundle-failed too.
      mkdirSync(dirname(final), { recursive: true, mode: 0o700 });
      mkdirSync(staging, { mode: 0o700 });
      for (const f of i.files) {
        const rel = safeRelative(f.path);
        const data = Buffer.from(String(f.data), 'base64');
        total += data.length;
        if (total > MAX_BYTES) throw new LinkCallError('bundle-failed', 'a snapshot holds at most 32 MiB');
        mkdirSync(dirname(join(staging, rel)), { recursive: true, mode: 0o755 });
        writeFileSync(join(staging, rel), data, { mode: f.executable ? 0o755 : 0o644 });
      }
      const got = takeSnapshotSync(staging, { digest: true }).digest;
      if (got !== i.digest)
        throw new LinkCallError(
          'bundle-failed',
          `the files sent do not match digest ${i.digest.slice(0, 19)}…`,
        );
      setTreeMode(staging, false);
      removeTree(final);
      renameSync(staging, final);
      this.o.log(`placement: stored snapshot ${hex.slice(0, 12)} (${i.files.length} files)`);
      return { stored: true };
    } catch (err) {
      removeTree(staging);
      if (err instanceof LinkCallError) throw err;
      throw new LinkCallError(
        'bundle-failed',
        `could not store the extension's files: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  async start(input: unknown): Promise<{ pid: number | null }> {
    if (this.closed) throw new LinkCallError('spawn-failed', 'the link is closing');
    const i = input as StartInput;
    if (
      typeof i?.id !== 'string' ||
      typeof i.extension !== 'string' ||
      !EXTENSION_ID_RE.test(i.extension) ||
      typeof i.service !== 'string' ||
      !SERVICE_RE.test(i.service)
    )
      throw new LinkCallError('invalid', 'link.ext.start needs an id, an extension id and a service name');
    if (!this.verified(i.digest))
      throw new LinkCallError(
        'snapshot-missing',
        `snapshot ${String(i.digest).slice(0, 19)} is not stored here`,
      );
    const root = this.snapshotDir(i.digest);
    const argv = this.argv(i, root);
    const cwd = i.cwd ? join(root, safeRelative(i.cwd)) : root;
    const stateDir = ensureStateDir(this.o.paths.stateDir, i.extension);
    this.stop({ id: i.id });
    const { path: socketPath, cut } = await this.gatedSocket({
      extension: i.extension,
      session: i.session?.name,
      sessionInstance: i.session?.instance,
      credential: i.credential,
      attached: i.sessionScope === 'attached',
    });
    const env = buildExtensionEnv({
      base: this.o.env,
      extension: { id: i.extension, dir: root, stateDir, configJson: i.configJson, generation: i.generation },
      kind: 'service',
      roziBin: this.o.roziBin,
      socket: socketPath,
      serviceEnv: i.serviceEnv ?? {},
      sessionName: i.session?.name,
      placed: {
        credential: i.credential,
        sessionInstance: i.session?.instance,
        service: `${i.extension}.${i.service}`,
      },
    });
    const unit = `service.${i.service}`;
    // The first launch's outcome answers the call: a program the host cannot execute is
    // spawn-failed (spec 003 "Availability"), not a service that restarts forever.
    let settle: (s: ServiceStatus) => void = () => undefined;
    const first = new Promise<ServiceStatus>((resolve) => (settle = resolve));
    const sup = new ServiceSupervisor({
      launch: { unit: i.session ? `${unit}@${i.session.name}` : unit, argv, cwd, env, restart: i.restart },
      log: new UnitLog({ dir: extensionLogDir(this.o.paths.logDir, i.extension), unit }),
      onStatus: (st) => {
        if (st.state !== 'starting') settle(st);
      },
    });
    this.running.set(i.id, { input: i, sup, cut });
    sup.start();
    const outcome = await first;
    if (outcome.state !== 'running') {
      this.stop({ id: i.id });
      throw new LinkCallError(
        'spawn-failed',
        `${argv[0] ?? 'the program'} could not be started: ${outcome.reason ?? outcome.state}`,
      );
    }
    return { pid: sup.status().pid ?? null };
  }

  argv(i: Pick<StartInput, 'run'>, root: string): string[] {
    const sub = (s: string) => s.split('{extension_dir}').join(root);
    if (i.run?.kind === 'shell') return ['/bin/sh', '-c', sub(String(i.run.command))];
    const argv = Array.isArray(i.run?.argv) ? i.run.argv.map((a) => sub(String(a))) : [];
    const program = argv[0];
    if (!program) throw new LinkCallError('invalid', 'an exec service needs a program');
    if (program.startsWith('./') || program.startsWith('../')) {
      const abs = join(root, safeRelative(program));
      if (!existsSync(abs))
        throw new LinkCallError('missing-executable', `${program} is not in the extension's files`);
      return [abs, ...argv.slice(1)];
    }
    if (program.startsWith(root)) return argv;
    if (program.includes('/'))
      throw new LinkCallError('invalid', `${program}: a placed program is a name on PATH or a ./path`);
    const found = onPath(program, this.o.env.PATH);
    if (!found) throw new LinkCallError('missing-executable', `${program} is not on this host's PATH`);
    return argv;
  }

  stop(input: unknown): { stopped: boolean } {
    const id = (input as { id?: unknown } | null)?.id;
    const r = typeof id === 'string' ? this.running.get(id) : undefined;
    if (!r) return { stopped: false };
    this.running.delete(id as string);
    void r.sup.stop('reload').finally(r.cut);
    return { stopped: true };
  }

  /** The client's session on screen, as this host names it (null: not on this host). */
  scope(input: unknown): { ok: true } {
    const session = (input as { session?: unknown } | null)?.session;
    this.onScreen = typeof session === 'string' ? session : null;
    return { ok: true };
  }

  /**
   * A placed process's own control socket: every request it makes passes the placement gate.
   * `cut` closes it and ends the connections left open on it (a service that stopped: its
   * credential is retired); a command's closes only the socket, as its children may still be
   * finishing a call when it exits.
   */
  async gatedSocket(binding: PlacedBinding): Promise<{ path: string; socket: Server; cut: () => void }> {
    const path = join(dirname(this.o.paths.socket), 'placed', `${randomBytes(8).toString('hex')}.sock`);
    const socket = await listenControlSocket({
      path,
      services: this.o.services,
      log: this.o.log,
      intercept: (p, req, signal) => this.gate({ path: p, input: req, binding, signal }),
    });
    return { path, socket, cut: cutterOf(socket) };
  }

  /** One request of a placed process: refused, answered, forwarded to the client, or run here. */
  gate(o: {
    path: string;
    input: unknown;
    binding: PlacedBinding;
    signal: AbortSignal;
  }): Promise<unknown> | null {
    const verdict = placedGate({ path: o.path, input: o.input, binding: o.binding, onScreen: this.onScreen });
    switch (verdict.kind) {
      case 'run':
        return null;
      case 'answer':
        return Promise.resolve(verdict.data);
      case 'attached':
        return Promise.resolve(
          attachedRowsOf(this.o.services.manager, { only: verdict.only, onScreen: this.onScreen }),
        );
      case 'refuse':
        return Promise.reject(new LinkCallError(verdict.code, verdict.message));
      case 'filter':
        return Promise.resolve(
          eventsInScope({
            hooks: this.o.services.hooks,
            input: o.input,
            inScope: () => inBinding(o.binding, this.onScreen),
            signal: o.signal,
          }),
        );
      case 'forward':
        // A picker waits for the user in the client's browser: streamed back, with no deadline.
        if (FORWARDED_SUBSCRIPTIONS.has(o.path))
          return Promise.resolve(
            forwardSubscription(this.link.rpc, { path: o.path, input: o.input }, o.signal),
          );
        return this.link.rpc.call('placed.call', { path: o.path, input: o.input }, 60_000);
    }
  }

  status(): PlacedRow[] {
    return [...this.running.entries()].map(([id, r]) => ({
      id,
      extension: r.input.extension,
      service: r.input.service,
      digest: r.input.digest,
      generation: r.input.generation,
      session: r.input.session?.name ?? null,
      status: r.sup.status(),
    }));
  }

  /** The link ended: everything this client placed here stops. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.running.values()];
    this.running.clear();
    await Promise.all(all.map((r) => r.sup.stop('shutdown').finally(r.cut)));
  }

  /** Serves one link.ext.* call; null when the path is not one. */
  serve(path: string, input: unknown): Promise<unknown> | null {
    switch (path) {
      case 'link.ext.has':
        return Promise.resolve().then(() => this.has(input));
      case 'link.ext.store':
        return Promise.resolve().then(() => this.store(input));
      case 'link.ext.start':
        return this.start(input);
      case 'link.ext.run':
        return runPlacedCommand(this, input);
      case 'link.ext.deploy':
        return deploySnapshot(this, input);
      case 'link.ext.scope':
        return Promise.resolve().then(() => this.scope(input));
      case 'link.ext.stop':
        return Promise.resolve().then(() => this.stop(input));
      case 'link.ext.status':
        return Promise.resolve().then(() => this.status());
      default:
        return null;
    }
  }
}

/** Subscriptions a placed process holds open on the client (rozi pick / prompt, sidebar publish). */
const FORWARDED_SUBSCRIPTIONS = new Set(['extensions.pick', 'extensions.sidebarProducer']);

/** The client's items of a forwarded `placed.call` subscription until either side ends it. */
async function* forwardSubscription(
  rpc: LinkRpc,
  request: { path: string; input: unknown },
  signal: AbortSignal,
): AsyncGenerator<unknown> {
  const queue: unknown[] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  let failure: unknown = null;
  const sub = rpc.subscribe('placed.call', request, (item) => {
    queue.push(item);
    wake?.();
  });
  sub.done.then(
    () => ((finished = true), wake?.()),
    (err: unknown) => ((failure = err), (finished = true), wake?.()),
  );
  const onAbort = () => sub.cancel();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      while (queue.length) yield queue.shift();
      if (finished) break;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
    if (failure) throw failure;
  } finally {
    signal.removeEventListener('abort', onAbort);
    sub.cancel();
  }
}

/** The link procedures of placement for every link of this server, one runtime per link. */
export function placementProcedures(
  o: PlacedRuntimeOptions,
): (
  path: string,
  input: unknown,
  link: { onClose(dispose: () => void): void; rpc: LinkRpc },
) => Promise<unknown> | null {
  const runtimes = new WeakMap<object, PlacedRuntime>();
  return (path, input, link) => {
    if (!path.startsWith('link.ext.')) return null;
    let rt = runtimes.get(link);
    if (!rt) {
      const created = new PlacedRuntime(o, link);
      runtimes.set(link, created);
      link.onClose(() => void created.close());
      rt = created;
    }
    return rt.serve(path, input);
  };
}
