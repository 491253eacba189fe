// Every remote host this server knows: the ones it is attached to (a session was created or
// listed there; kept in <stateDir>/remote-hosts.json so a restart reconnects them, which is what
// makes host sessions outlive this server), plus the configured and ~/.ssh/config aliases a user
// may start a session on. Owns the key space of remote panes and the ssh ControlMaster directory.
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RoziPaths } from '../config/paths';
import type { EventBus } from '../events/bus';
import type { LinkServe } from '../link/linkRpc';
import { writeFileAtomic } from '../persist/atomicWrite';
import { RoziError } from '../session/errors';
import type { PaneView } from '../projection/types';
import type { HostInfo, SessionInfo } from '../session/model';
import type { InboxView } from '../status/inboxTypes';
import { hostBuild, REPO_ROOT } from './hostBuild';
import { installOnHost, type InstallResult } from './hostInstall';
import { resolveHostTarget, type SshTarget } from './hostTarget';
import { REMOTE_KEY_BASE } from './nameTranslation';
import { readRemoteSettings } from './remoteConfigFile';
import { RemoteHost } from './remoteHost';
import type { RemoteSettings } from './remoteSettings';
import type { SshContext } from './sshCommand';
import { sshConfigAliases } from './sshConfigAliases';

export interface RemoteHostsOptions {
  bus: EventBus;
  paths: RoziPaths;
  env: NodeJS.ProcessEnv;
  ringBytes: number;
  log(line: string): void;
  /** The host's calls for placed processes (remote placement). */
  serve?(host: RemoteHost): LinkServe;
}

const IDLE_SWEEP_MS = 15_000;
/** An unattached host's link stays this long after its last call. */
const IDLE_LINK_MS = 60_000;

interface AttachedFile {
  hosts: Array<{ arg: string }>;
}

export class RemoteHosts {
  private readonly hosts = new Map<string, RemoteHost>();
  private readonly keyOwners = new Map<number, RemoteHost>();
  /** What the user named each attached host by (alias or URL), in attach order. */
  private readonly attached = new Map<string, string>();
  private nextKey = REMOTE_KEY_BASE;
  private readonly sweeper: NodeJS.Timeout;
  /** Remote notifications get ids far above the local counter's (browsers key toasts by id). */
  private nextNotification = 1_000_000_000;
  private readonly file: string;
  private readonly controlDir: string;
  private readonly installs = new Map<string, Promise<InstallResult>>();
  private readonly inboxListeners = new Set<() => void>();

  /** Every linked host's inbox (issue 21: blocked agents on hosts are answered from here). */
  inboxes(): InboxView[] {
    return this.registered().flatMap((h) => (h.inbox ? [h.inbox] : []));
  }

  onInboxChange(listener: () => void): () => void {
    this.inboxListeners.add(listener);
    return () => this.inboxListeners.delete(listener);
  }

  constructor(private readonly o: RemoteHostsOptions) {
    this.file = join(o.paths.stateDir, 'remote-hosts.json');
    this.controlDir = join(dirname(o.paths.socket), 'ssh');
    this.sweeper = setInterval(() => this.sweep(), IDLE_SWEEP_MS);
    this.sweeper.unref();
  }

  /** Closes the links of hosts used once (list-sessions --remote) and idle since. */
  private sweep(): void {
    for (const h of this.hosts.values())
      if (
        !this.attached.has(h.alias) &&
        h.conn.state === 'connected' &&
        Date.now() - h.lastUsed > IDLE_LINK_MS
      )
        h.conn.disconnect('idle');
  }

  get home(): string {
    return this.o.env.HOME || '/';
  }

  settings(): RemoteSettings {
    return readRemoteSettings(this.o.paths.configFile);
  }

  sshContext(): SshContext {
    if (!existsSync(this.controlDir)) mkdirSync(this.controlDir, { recursive: true, mode: 0o700 });
    chmodSync(this.controlDir, 0o700);
    return { settings: this.settings(), home: this.home, controlDir: this.controlDir };
  }

  resolve(arg: string): SshTarget {
    const r = resolveHostTarget(arg, this.settings(), sshConfigAliases(this.home));
    if (!r.ok) throw new RoziError('invalid', r.error);
    return r.target;
  }

  /** The host an alias or URL names, registered on first use (not yet connected). */
  ensure(arg: string): RemoteHost {
    const target = this.resolve(arg);
    const existing = this.hosts.get(target.alias);
    if (existing) return existing;
    const host = new RemoteHost({
      target,
      ssh: () => this.sshContext(),
      bus: this.o.bus,
      ringBytes: this.o.ringBytes,
      allocKey: () => this.nextKey++,
      claimKey: (key) => this.keyOwners.set(key, host),
      allocNotificationId: () => this.nextNotification++,
      install: (h) => this.installIfAllowed(h),
      installHint: (alias) => this.installHint(alias),
      serve: this.o.serve,
      log: this.o.log,
      attached: () => this.attached.has(target.alias),
      changed: () => this.o.bus.workspaceChanged(),
      inboxChanged: () => {
        for (const l of this.inboxListeners) l();
      },
    });
    this.hosts.set(target.alias, host);
    return host;
  }

  /** A registered host, or a configured / ~/.ssh/config alias (registered now); else undefined. */
  byAlias(alias: string): RemoteHost | undefined {
    const known = this.hosts.get(alias);
    if (known) return known;
    if (this.settings().hosts.has(alias) || sshConfigAliases(this.home).includes(alias))
      return this.ensure(alias);
    return undefined;
  }

  /** Every attached host's sessions and pane views, for the browser's projection. */
  rows(): { sessions: SessionInfo[]; panes: PaneView[] } {
    const all = this.registered().map((h) => h.rows());
    return { sessions: all.flatMap((r) => r.sessions), panes: all.flatMap((r) => r.panes) };
  }

  registered(): RemoteHost[] {
    return [...this.hosts.values()];
  }

  byKey(localKey: number): RemoteHost | undefined {
    return this.keyOwners.get(localKey);
  }

  byInstance(instanceId: string): RemoteHost | undefined {
    return this.registered().find((h) => h.hasInstance(instanceId));
  }

  /** The stream of a remote pane by its local key (the stream hub's second lookup). */
  stream(localKey: number) {
    return this.keyOwners.get(localKey)?.stream(localKey);
  }

  /** Keeps the host connected across restarts of this server (a session lives there). */
  attach(host: RemoteHost, arg?: string): void {
    if (this.attached.has(host.alias)) return;
    this.attached.set(host.alias, arg ?? host.alias);
    this.save();
  }

  /** Forgets the host: no reconnect after a restart; the link closes, the host keeps its sessions. */
  detach(alias: string): void {
    this.attached.delete(alias);
    this.save();
    this.hosts.get(alias)?.conn.disconnect('detached from this host');
  }

  isAttached(alias: string): boolean {
    return this.attached.has(alias);
  }

  list(): HostInfo[] {
    const out = this.registered().map((h) => h.info());
    const seen = new Set(out.map((h) => h.alias));
    const idle = (alias: string, source: HostInfo['source']): HostInfo => ({
      alias,
      source,
      state: 'idle',
      reason: null,
      sessions: 0,
      version: null,
      platform: null,
    });
    for (const alias of this.settings().hosts.keys())
      if (!seen.has(alias)) (seen.add(alias), out.push(idle(alias, 'config')));
    for (const alias of sshConfigAliases(this.home))
      if (!seen.has(alias) && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(alias))
        (seen.add(alias), out.push(idle(alias, 'ssh-config')));
    return out;
  }

  /** Reconnects every host attached before this server (re)started. */
  start(): void {
    let data: AttachedFile | null = null;
    try {
      if (existsSync(this.file)) data = JSON.parse(readFileSync(this.file, 'utf8')) as AttachedFile;
    } catch (err) {
      this.o.log(
        `remote-hosts.json is unreadable (${err instanceof Error ? err.message : String(err)}); no hosts reconnected`,
      );
    }
    for (const entry of data?.hosts ?? []) {
      if (typeof entry?.arg !== 'string') continue;
      try {
        const host = this.ensure(entry.arg);
        this.attached.set(host.alias, entry.arg);
        host.conn.connect().catch(() => undefined);
      } catch (err) {
        this.o.log(`remote host '${entry.arg}' skipped: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  stop(): void {
    clearInterval(this.sweeper);
    for (const h of this.hosts.values()) h.dispose();
  }

  installHint(alias: string): string {
    if (this.settings().install === 'never')
      return `install rozi there yourself and put it on PATH or in binary_path of [remote.hosts.${alias}] ([remote] install = "never" here)`;
    return `install it with 'rozi remote install ${alias}' (or set [remote] install = "always")`;
  }

  /** Copies this rozi's self-contained build to the host (hostInstall.ts); then links use it. */
  async install(host: RemoteHost): Promise<InstallResult> {
    if (host.target.binaryPath)
      throw new RoziError(
        'invalid',
        `[remote.hosts.${host.alias}] binary_path names the rozi to run there; remove it to install one`,
      );
    const pending = this.installs.get(host.alias);
    if (pending) return pending;
    const run = installOnHost({
      target: host.target,
      ssh: this.sshContext(),
      build: () =>
        hostBuild({
          repoRoot: REPO_ROOT,
          cacheDir: join(this.o.paths.stateDir, 'host-builds'),
          nodeBinary: realpathSync(process.execPath),
        }),
      log: this.o.log,
    }).finally(() => this.installs.delete(host.alias));
    this.installs.set(host.alias, run);
    return run;
  }

  /** Only `install = "always"` copies rozi over without being asked (never with binary_path). */
  private async installIfAllowed(host: RemoteHost): Promise<boolean> {
    if (this.settings().install !== 'always' || host.target.binaryPath) return false;
    await this.install(host);
    return true;
  }

  private save(): void {
    try {
      mkdirSync(this.o.paths.stateDir, { recursive: true, mode: 0o700 });
      const data: AttachedFile = { hosts: [...this.attached.values()].map((arg) => ({ arg })) };
      writeFileAtomic(this.file, JSON.stringify(data, null, 2) + '\n');
    } catch (err) {
      this.o.log(`cannot save remote-hosts.json: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
