// The extension host: the runtime side of extensions inside `rozi server`. Loads the registry,
// merges settings from config.toml, resolves the keymap and issues generations; the services on
// this machine (localServices.ts), commands (extensionCommands.ts), sidebar tabs (extensionSidebar.ts), session
// deployments (deployments.ts) and pickers (pickerBroker.ts) are its parts, each reading the
// runtimes through a narrow interface.
// Loading is per extension and whole-or-nothing (spec: atomic validity); one broken extension
// is reported and the others load.
import { join } from 'node:path';
import { realpathSync } from 'node:fs';
import type { ExtensionManifest } from '@rozi/extensions';
import {
  ActionInvoker,
  buildExtensionEnv,
  ensureStateDir,
  extensionLogDir,
  filesSignature,
  GenerationTable,
  loadInstalled,
  mergeSettings,
  orphanSettingsTables,
  processFacingFingerprint,
  removeStaleStaging,
  type LoadedExtension,
  type RestartTimings,
  type SettingsDiagnostic,
} from '@rozi/extensions/node';
import type { RoziPaths } from '../config/paths';
import type { EventBus } from '../events/bus';
import { LocalServices } from './localServices';
import { SidebarTabRuntime, type TabHost } from './sidebarTabRuntime';
import type { SessionManager } from '../session/manager';
import type { ExtensionRuntime } from './extensionRuntime';
import { readHostConfig, type HostConfig } from './hostConfig';
import { configTabEnv } from './configTabEnv';
import type { UserCommandHost } from './userCommandRunner';
import type { UserCommand } from '../config/userCommands';
import { DEFAULT_PREFIX, resolveKeymap, type KeymapResult, type KeySuggestion } from '@rozi/keymap';
import { ExtensionHostError } from './hostError';
import { Deployments } from './deployments';
import { deploymentRecordsFile } from './deploymentRecords';
import { PickerBroker } from './pickerBroker';
import type { CallerIdentity } from './callerIdentity';
import { ExtensionCommands, type ProcessEnvInput } from './extensionCommands';
import { ExtensionSidebar } from './extensionSidebar';
import { focusContextOf, type FocusContext } from './focusContext';
import type { PlacedCommandRunner } from './remoteCommands';
import { reloadDetection, type DetectionTarget } from '../detection/detectionReload';

/** How often extension directories are checked for file changes (services restart on one). */
export const FILE_POLL_MS = 2_000;

export interface ExtensionHostOptions {
  manager: SessionManager;
  bus: EventBus;
  paths: RoziPaths;
  /** The server's environment (PATH, HOME, …); ROZI_* identity is stripped per process. */
  env: NodeJS.ProcessEnv;
  roziBin: string;
  browsers: () => number;
  /** Live detection, reloaded when extensions' [[agents]] change. */
  detection: DetectionTarget;
  log: (line: string) => void;
  restartTimings?: Partial<RestartTimings>;
  stopGraceMs?: number;
  filePollMs?: number;
}

export interface LoadReport {
  loaded: string[];
  restarted: string[];
  stopped: string[];
  problems: { extension: string; state: string; message: string }[];
  settings: SettingsDiagnostic[];
  keymapWarnings: string[];
}

export class ExtensionHost {
  readonly generations = new GenerationTable();
  readonly invoker = new ActionInvoker();
  readonly pickers: PickerBroker;
  readonly deployments: Deployments;
  readonly localServices: LocalServices;
  readonly commands: ExtensionCommands;
  readonly sidebar: ExtensionSidebar;
  private runtimes = new Map<string, ExtensionRuntime>();
  private installed: LoadedExtension[] = [];
  private config: HostConfig = {
    extensions: {},
    disabled: [],
    keys: {},
    modifier: null,
    commandShell: undefined,
    sidebarTabs: [],
    sidebarWarnings: [],
    commands: [],
    commandWarnings: [],
    problem: undefined,
  };
  private unsubscribeConfig: (() => void) | undefined;
  private unsubscribeSessions: (() => void) | undefined;
  private keymap: KeymapResult = resolveKeymap({ prefix: DEFAULT_PREFIX });
  private lastReport: LoadReport | undefined;
  private poll: NodeJS.Timeout | undefined;
  private loading: Promise<LoadReport> | undefined;
  private unsubscribeWorkspace: (() => void) | undefined;
  /** The agent definitions of the last load, to reload detection only when they changed. */
  private agentsKey: string | undefined;

  constructor(private readonly o: ExtensionHostOptions) {
    this.pickers = new PickerBroker({ bus: o.bus, browsers: o.browsers });
    this.commands = new ExtensionCommands(this);
    this.sidebar = new ExtensionSidebar({ host: this, tabs: new SidebarTabRuntime(this.tabHostView()) });
    this.localServices = new LocalServices(this, {
      restartTimings: o.restartTimings,
      stopGraceMs: o.stopGraceMs,
      log: o.log,
    });
    this.deployments = new Deployments(this, {
      env: o.env,
      roziBin: o.roziBin,
      socket: o.paths.socket,
      sessionInstance: (name) => o.manager.sessions.get(name)?.instanceId,
      recordsFile: deploymentRecordsFile(o.paths.stateDir),
      configFile: o.paths.configFile,
      log: o.log,
    });
  }

  async start(): Promise<LoadReport> {
    removeStaleStaging(this.o.paths.extensionsDir);
    const report = await this.reload();
    // Deployments of the sessions the server resurrected return (spec 003: Lifecycle).
    await this.deployments.restore();
    this.poll = setInterval(() => void this.checkFiles(), this.o.filePollMs ?? FILE_POLL_MS);
    this.poll.unref();
    this.sidebar.start();
    // Sessions created, killed, renamed or switched: session-bound services follow.
    this.unsubscribeWorkspace = this.o.bus.on('workspace-changed', () => {
      for (const rt of this.runtimes.values()) this.localServices.reconcile(rt);
    });
    // Deployments follow their session's name and end with it (spec 003: session services).
    const offRenamed = this.o.bus.on('session-renamed', (e) => {
      void this.deployments.sessionRenamed(e.from, e.session);
    });
    const offKilled = this.o.bus.on('session-killed', (e) => {
      void this.deployments.sessionEnded(e.session);
    });
    this.unsubscribeSessions = () => (offRenamed(), offKilled());
    // config.toml edited (the status service's watcher): its [[sidebar.tabs]] follow at once.
    // A deployment held while the config could not be read starts once it can.
    this.unsubscribeConfig = this.o.bus.on('config-reloaded', () => {
      this.refreshConfigTabs();
      void this.deployments.configChanged();
    });
    return report;
  }

  async stop(): Promise<void> {
    if (this.poll) clearInterval(this.poll);
    this.sidebar.stop();
    this.unsubscribeWorkspace?.();
    this.unsubscribeConfig?.();
    this.unsubscribeSessions?.();
    this.invoker.cancelWhere(() => true, 'ended: the server is stopping');
    await this.deployments.stopAll();
    await Promise.all([...this.runtimes.values()].map((rt) => this.stopRuntime(rt, 'shutdown')));
    this.runtimes.clear();
  }

  /** `rozi run-action reload-extensions`: serialised, so two reloads never interleave. */
  reload(): Promise<LoadReport> {
    const run = async (): Promise<LoadReport> => {
      try {
        return await this.load();
      } finally {
        this.loading = undefined;
      }
    };
    this.loading = (this.loading ?? Promise.resolve()).then(run, run);
    return this.loading;
  }

  report(): LoadReport | undefined {
    return this.lastReport;
  }

  extensions(): LoadedExtension[] {
    return this.installed;
  }

  runtime(id: string): ExtensionRuntime | undefined {
    return this.runtimes.get(id);
  }

  runtimesList(): ExtensionRuntime[] {
    return [...this.runtimes.values()];
  }

  get manager(): SessionManager {
    return this.o.manager;
  }

  get bus(): EventBus {
    return this.o.bus;
  }

  /** `[extensions] command_shell`, or undefined for the default. */
  commandShell(): string[] | undefined {
    return this.config.commandShell;
  }

  /** config.toml's `[[commands]]` and `[keys]` inline commands, read now so an edit applies at once. */
  userCommands(): UserCommand[] {
    return readHostConfig(this.o.paths.configFile).commands;
  }

  /** What a config.toml command runs with (userCommandRunner.ts). */
  userCommandHost(): UserCommandHost {
    return {
      manager: this.o.manager,
      focus: () => this.focusContext(),
      commandShell: () => this.config.commandShell ?? ['/bin/sh', '-c'],
      env: this.o.env,
      roziBin: this.o.roziBin,
      logDir: this.o.paths.logDir,
      home: this.o.env.HOME || '/',
    };
  }

  sessionActions(session: string): ReturnType<Deployments['actions']> {
    return this.deployments.actions(session);
  }

  /** Set by the server once placement exists (start.ts): active-session commands on hosts. */
  placedCommandRunner: PlacedCommandRunner | undefined;

  placedCommands(): PlacedCommandRunner | undefined {
    return this.placedCommandRunner;
  }

  /** A process environment of this extension: its identity, the control socket and the rozi bin. */
  processEnv(rt: ExtensionRuntime, input: ProcessEnvInput): NodeJS.ProcessEnv {
    return buildExtensionEnv({
      base: this.o.env,
      extension: this.identity(rt),
      roziBin: this.o.roziBin,
      socket: this.o.paths.socket,
      ...input,
    });
  }

  /** Paths, environment and bus for the Discover, keys and tab-settings routers. */
  context(): { paths: RoziPaths; env: NodeJS.ProcessEnv; bus: EventBus } {
    return { paths: this.o.paths, env: this.o.env, bus: this.o.bus };
  }

  keymapResult(): KeymapResult {
    return this.keymap;
  }

  private async load(): Promise<LoadReport> {
    const report: LoadReport = {
      loaded: [],
      restarted: [],
      stopped: [],
      problems: [],
      settings: [],
      keymapWarnings: [],
    };
    this.config = readHostConfig(this.o.paths.configFile);
    if (this.config.problem)
      report.problems.push({ extension: '', state: 'config', message: this.config.problem });
    for (const message of [...this.config.sidebarWarnings, ...this.config.commandWarnings])
      report.problems.push({ extension: '', state: 'config', message });
    const { extensions, problems } = loadInstalled(this.o.paths.extensionsDir, {
      disabled: this.config.disabled,
    });
    this.installed = extensions;
    for (const p of problems) report.problems.push({ extension: '', state: 'registry', message: p });
    report.settings.push(
      ...orphanSettingsTables({
        configured: Object.keys(this.config.extensions),
        installed: extensions.map((e) => e.entry.id),
      }),
    );

    const wanted = new Map<string, { loaded: LoadedExtension; manifest: ExtensionManifest }>();
    for (const l of extensions) {
      if (l.state === 'enabled' && l.check?.manifest)
        wanted.set(l.entry.id, { loaded: l, manifest: l.check.manifest });
      else if (l.problem) report.problems.push({ extension: l.entry.id, state: l.state, message: l.problem });
    }
    for (const [id, rt] of this.runtimes) {
      if (!wanted.has(id)) {
        await this.retire(rt, 'disable');
        report.stopped.push(id);
      }
    }
    for (const [id, { loaded, manifest }] of wanted) {
      const settings = mergeSettings({
        extension: id,
        declared: manifest.settings,
        user: this.config.extensions[id],
      });
      report.settings.push(...settings.diagnostics);
      let dir = loaded.entry.dir;
      try {
        dir = realpathSync(dir);
      } catch {
        // Checked by loadInstalled a moment ago; keep the recorded path if it races a removal.
      }
      const sig = filesSignature(dir);
      const fingerprint = processFacingFingerprint({
        manifest,
        settingsJson: settings.json,
        filesSignature: sig ?? 'unchecked',
      });
      const old = this.runtimes.get(id);
      if (old && old.fingerprint === fingerprint) {
        // Presentation-only or no-op: same generation, services and visibility choices.
        Object.assign(old, { manifest, entry: loaded.entry, settings, filesSignature: sig });
        report.loaded.push(id);
        continue;
      }
      if (old) await this.retire(old, 'reload');
      const rt: ExtensionRuntime = {
        id,
        entry: loaded.entry,
        dir,
        manifest,
        generation: this.generations.rotate(id),
        fingerprint,
        filesSignature: sig,
        settings,
        stateDir: ensureStateDir(this.o.paths.stateDir, id),
        logDir: extensionLogDir(this.o.paths.logDir, id),
        services: new Map(),
        serviceSessions: new Map(),
        visibility: new Map(),
        streams: new Map(),
      };
      this.runtimes.set(id, rt);
      this.localServices.startAll(rt);
      (old ? report.restarted : report.loaded).push(id);
    }
    this.keymap = this.resolveKeys();
    report.keymapWarnings = this.keymap.warnings;
    for (const w of report.keymapWarnings) this.o.log(`extensions: ${w}`);
    for (const p of report.problems)
      this.o.log(`extensions: ${p.extension ? `${p.extension}: ` : ''}${p.message}`);
    this.lastReport = report;
    this.o.bus.emit({ type: 'extensions-changed' });
    await this.reloadAgentsIfChanged();
    return report;
  }

  /**
   * Extension [[agents]] feed live detection: install, remove, enable, disable or an edit that
   * changes them reloads the status service's definitions (the same disk loader it started
   * with, which counts only enabled, valid extensions). The first load matches what the status
   * service started with, so it only records the key.
   */
  private async reloadAgentsIfChanged(): Promise<void> {
    const key = JSON.stringify(this.agentDefinitions());
    const changed = this.agentsKey !== undefined && key !== this.agentsKey;
    this.agentsKey = key;
    if (!changed) return;
    try {
      await reloadDetection({
        detection: this.o.detection,
        bus: this.o.bus,
        env: this.o.env,
        reason: 'extensions',
      });
    } catch (err) {
      this.o.log(
        `extensions: could not reload agent definitions: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  private resolveKeys(): KeymapResult {
    const suggestions: KeySuggestion[] = [];
    for (const rt of this.runtimes.values()) {
      for (const c of rt.manifest.commands)
        if (c.key) suggestions.push({ extension: rt.id, kind: 'command', action: c.publicId, key: c.key });
      for (const k of rt.manifest.suggestedKeybindings)
        suggestions.push({ extension: rt.id, kind: 'core', action: k.action, key: k.key });
    }
    // Built-in defaults (@rozi/keymap) rank above suggestions: a suggestion on a taken key conflicts.
    return resolveKeymap({
      prefix: DEFAULT_PREFIX,
      user: this.config.keys,
      suggestions,
      modifier: this.config.modifier,
    });
  }

  private identity(rt: ExtensionRuntime): {
    id: string;
    dir: string;
    stateDir: string;
    configJson: string;
    generation: string;
  } {
    return {
      id: rt.id,
      dir: rt.dir,
      stateDir: rt.stateDir,
      configJson: rt.settings.json,
      generation: rt.generation,
    };
  }

  private async stopRuntime(rt: ExtensionRuntime, reason: 'reload' | 'disable' | 'shutdown'): Promise<void> {
    await Promise.all([...rt.services.values()].map((s) => s.stop(reason)));
  }

  /** A generation ends: its services stop, its calls and pickers close, its stream rows go. */
  private async retire(rt: ExtensionRuntime, reason: 'reload' | 'disable'): Promise<void> {
    this.runtimes.delete(rt.id);
    this.generations.retire(rt.id);
    this.pickers.closeOwnedBy(rt.generation);
    this.sidebar.closeProducers(rt);
    await this.stopRuntime(rt, reason);
    this.sidebar.clearRows(rt);
  }

  private async checkFiles(): Promise<void> {
    for (const rt of this.runtimes.values()) {
      if (rt.filesSignature === undefined) continue;
      if (filesSignature(rt.dir) !== rt.filesSignature) {
        this.o.log(`extensions: files of ${rt.id} changed; reloading it`);
        await this.reload();
        return;
      }
    }
  }

  /** Refuses a request from anything but a live generation of the named extension. */
  checkCaller(caller: CallerIdentity | undefined, extension: string): ExtensionRuntime {
    if (!caller)
      throw new ExtensionHostError(
        'not-permitted',
        `only ${extension}'s own commands and services may do this`,
      );
    if (caller.extension !== extension)
      throw new ExtensionHostError('not-permitted', `${caller.extension} may not act for ${extension}`);
    this.checkLive(caller);
    const rt = this.runtimes.get(extension);
    if (!rt) throw new ExtensionHostError('extension-not-loaded', `extension '${extension}' is not loaded`);
    return rt;
  }

  /** A stale generation may not act at all, even on behalf of another extension's verbs. */
  checkLive(caller: CallerIdentity | undefined): void {
    if (!caller) return;
    // A session-deployed process carries its deployment credential instead of the client generation.
    if (this.deployments.credentialOf(caller.extension, caller.generation)) return;
    // A process placed on this machine carries its own credential (localServices.ts).
    if (this.localServices.credentialOf(caller.extension, caller.generation)) return;
    const check = this.generations.check(caller.extension, caller.generation);
    if (!check.ok) throw new ExtensionHostError(check.code, check.message);
  }

  /** The session on screen and its focused pane: the context commands run in. */
  focusContext(): FocusContext | undefined {
    return focusContextOf(this.o.manager);
  }

  /** Agent definitions of enabled extensions, namespaced `<extension>.<id>`, for detection. */
  agentDefinitions(): { extension: string; publicId: string; definition: Record<string, unknown> }[] {
    return this.runtimesList().flatMap((rt) =>
      rt.manifest.agents.map((a) => ({ extension: rt.id, publicId: a.publicId, definition: a.definition })),
    );
  }

  /** Foreground programs that manage their own splits (added to the built-in list unless [navigation] editors is set). */
  navigationPrograms(): string[] {
    const names = this.runtimesList().flatMap((rt) =>
      rt.manifest.navigationTargets.flatMap((t) => t.programs),
    );
    return [
      ...new Set(
        names.map((n) =>
          n
            .trim()
            .toLowerCase()
            .replace(/\.exe$/, ''),
        ),
      ),
    ];
  }

  /**
   * Re-reads only `[[sidebar.tabs]]` (and the command shell they run through): a settings edit goes
   * through reload-extensions, which restarts services, and a tab edit must not.
   */
  private refreshConfigTabs(): void {
    const next = readHostConfig(this.o.paths.configFile);
    if (next.problem) return; // a file that does not parse keeps the tabs it had, like agent definitions
    if (next.disabled.join('\0') !== this.config.disabled.join('\0')) {
      // rozi's `[extensions] disabled` changed: load again so those extensions stop or start.
      void this.reload().catch((err: unknown) =>
        this.o.log(`extensions: reload after a config change: ${String(err)}`),
      );
      return;
    }
    this.config = {
      ...this.config,
      sidebarTabs: next.sidebarTabs,
      sidebarWarnings: next.sidebarWarnings,
      commandShell: next.commandShell,
      commands: next.commands,
      commandWarnings: next.commandWarnings,
    };
    for (const w of next.sidebarWarnings) this.o.log(`extensions: ${w}`);
    this.o.bus.emit({ type: 'extensions-changed' });
  }

  /** What the tab runtime needs of the host: live runtimes, the focus and process environments. */
  private tabHostView(): TabHost {
    return {
      manager: this.o.manager,
      bus: this.o.bus,
      browsers: this.o.browsers,
      runtimes: () => this.runtimes,
      focus: () => this.focusContext(),
      commandShell: () => this.config.commandShell ?? ['/bin/sh', '-c'],
      placed: () => this.placedCommandRunner,
      env: (rt, extra) => this.processEnv(rt, { kind: 'tab', ...extra }),
      configTabs: () => this.config.sidebarTabs,
      configOwner: () => ({
        dir: this.o.env.HOME ?? process.cwd(),
        logDir: join(this.o.paths.logDir, 'sidebar'),
        env: (extra) => configTabEnv({ base: this.o.env, roziBin: this.o.roziBin, ...extra }),
      }),
    };
  }
}
