/* eslint-disable max-lines -- over 600 lines: being split along its seams (ARCHITECTURE.md, extension host); this line goes with the split */
// The extension host: the runtime side of extensions inside `rozi server` (issue 7). Loads the
// registry, merges settings from config.toml, resolves the keymap, issues generations, supervises
// client services, runs commands, invokes actions, keeps stream-tab rows and brokers pickers.
// Loading is per extension and whole-or-nothing (spec: atomic validity); one broken extension
// is reported and the others load.
import { join } from 'node:path';
import { realpathSync } from 'node:fs';
import type { ExtensionManifest, ServiceContribution } from '@rozi/extensions';
import {
  ActionInvoker,
  ActionSchemas,
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
  resolveExecArgv,
  runCommand,
  ServiceSupervisor,
  UnitLog,
  type LoadedExtension,
  type RestartTimings,
  type SettingsDiagnostic,
} from '@rozi/extensions/node';
import type { RoziPaths } from '../config/paths';
import type { EventBus } from '../events/bus';
import type { SidebarTabRow } from '../events/types';
import { reconcileSessionServices, type SessionRef } from './sessionServices';
import { SidebarTabRuntime, type FocusContext, type TabHost } from './sidebarTabRuntime';
import type { SessionManager } from '../session/manager';
import { resolvePane } from '../session/target';
import type { ExtensionRuntime } from './extensionRuntime';
import { readHostConfig, type HostConfig } from './hostConfig';
import { configTabEnv } from './configTabEnv';
import { runUserCommand } from './userCommandRunner';
import { DEFAULT_PREFIX, resolveKeymap, type KeymapResult, type KeySuggestion } from '@rozi/keymap';
import { ExtensionHostError } from './hostError';
import { Deployments } from './deployments';
import { PickerBroker } from './pickerBroker';
import { ProducerChannels, producerOfRow, type StreamTabEvent } from './streamProducers';
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

export interface CallerIdentity {
  extension: string;
  generation: string;
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
  /** Open `rozi sidebar publish` connections, for reporting clicks to their producer. */
  private readonly producers = new ProducerChannels();
  readonly deployments: Deployments;
  /** Decides which deployed actions accept `{}` (and so appear in the palette). */
  private readonly emptyArgs = new ActionSchemas();
  private runtimes = new Map<string, ExtensionRuntime>();
  private installed: LoadedExtension[] = [];
  private config: HostConfig = {
    extensions: {},
    disabled: [],
    keys: {},
    commandShell: undefined,
    sidebarTabs: [],
    sidebarWarnings: [],
    commands: [],
    commandWarnings: [],
    problem: undefined,
  };
  private unsubscribeConfig: (() => void) | undefined;
  private keymap: KeymapResult = resolveKeymap({ prefix: DEFAULT_PREFIX });
  private lastReport: LoadReport | undefined;
  private poll: NodeJS.Timeout | undefined;
  private loading: Promise<LoadReport> | undefined;
  private tabTimer: NodeJS.Timeout | undefined;
  private unsubscribeWorkspace: (() => void) | undefined;
  private readonly tabs: SidebarTabRuntime;
  /** The agent definitions of the last load, to reload detection only when they changed. */
  private agentsKey: string | undefined;

  constructor(private readonly o: ExtensionHostOptions) {
    this.pickers = new PickerBroker({ bus: o.bus, browsers: o.browsers });
    this.tabs = new SidebarTabRuntime(this.tabHostView());
    this.deployments = new Deployments(this, {
      env: o.env,
      roziBin: o.roziBin,
      socket: o.paths.socket,
      sessionInstance: (name) => o.manager.sessions.get(name)?.instanceId,
    });
  }

  async start(): Promise<LoadReport> {
    removeStaleStaging(this.o.paths.extensionsDir);
    const report = await this.reload();
    this.poll = setInterval(() => void this.checkFiles(), this.o.filePollMs ?? FILE_POLL_MS);
    this.poll.unref();
    this.tabTimer = setInterval(() => this.tabs.tick(), 1_000);
    this.tabTimer.unref();
    // Sessions created, killed, renamed or switched: session-bound services follow.
    this.unsubscribeWorkspace = this.o.bus.on('workspace-changed', () => {
      for (const rt of this.runtimes.values()) this.reconcileSessionServices(rt);
    });
    // config.toml edited (the status service's watcher): its [[sidebar.tabs]] follow at once.
    this.unsubscribeConfig = this.o.bus.on('config-reloaded', () => this.refreshConfigTabs());
    return report;
  }

  async stop(): Promise<void> {
    if (this.poll) clearInterval(this.poll);
    if (this.tabTimer) clearInterval(this.tabTimer);
    this.unsubscribeWorkspace?.();
    this.unsubscribeConfig?.();
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

  /** Paths, environment and bus for the Discover, keys and tab-settings routers (issue 9). */
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
      this.startServices(rt);
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
    return resolveKeymap({ prefix: DEFAULT_PREFIX, user: this.config.keys, suggestions });
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

  /**
   * Client and each-host services: one local instance each (this edition has one host). Services
   * bound to sessions (each-session: one per session; active-session: one beside the session on
   * screen) are reconciled against the sessions (sessionServices.ts), on load and on every
   * workspace change. `session` services run only where deployed (deployments.ts).
   */
  private startServices(rt: ExtensionRuntime): void {
    for (const s of rt.manifest.services) {
      if (s.placement === 'client' || s.placement === 'each-host')
        this.launchService(rt, s, { key: s.name, session: undefined });
    }
    this.reconcileSessionServices(rt);
  }

  private reconcileSessionServices(rt: ExtensionRuntime): void {
    const focus = this.focusContext();
    reconcileSessionServices({
      rt,
      sessions: [...this.o.manager.sessions.values()].map((x) => ({ name: x.name, instance: x.instanceId })),
      onScreen: focus ? { name: focus.sessionName, instance: focus.sessionInstance } : undefined,
      launch: (service, instance) => this.launchService(rt, service, instance),
    });
  }

  private launchService(
    rt: ExtensionRuntime,
    s: ServiceContribution,
    instance: { key: string; session: SessionRef | undefined },
  ): void {
    const argv =
      s.run.kind === 'exec'
        ? resolveExecArgv(s.run.argv, rt.dir)
        : [
            ...(this.config.commandShell ?? ['/bin/sh', '-c']),
            s.run.command.split('{extension_dir}').join(rt.dir),
          ];
    // A session-bound instance works for its session (spec: ROZI_SESSION_NAME); client and each-host ones serve none.
    const env = buildExtensionEnv({
      base: this.o.env,
      extension: this.identity(rt),
      kind: 'service',
      roziBin: this.o.roziBin,
      socket: this.o.paths.socket,
      serviceEnv: s.env,
      sessionName: instance.session?.name,
    });
    if (instance.session) env.ROZI_SESSION_INSTANCE = instance.session.instance;
    const cwd = s.cwd ? (resolveExecArgv([`./${s.cwd.replace(/^\.\//, '')}`], rt.dir)[0] as string) : rt.dir;
    const unit = `service.${s.name}`;
    const sup = new ServiceSupervisor({
      // The status unit names the session; the log stays one per service name (spec: logs).
      launch: {
        unit: instance.session ? `${unit}@${instance.session.name}` : unit,
        argv,
        cwd,
        env,
        restart: s.restart,
      },
      log: new UnitLog({ dir: rt.logDir, unit }),
      timings: this.o.restartTimings,
      stopGraceMs: this.o.stopGraceMs,
      onStatus: (st) => {
        if (st.state === 'failed')
          this.o.manager.notify({
            level: 'error',
            title: `${rt.id}.${s.name} failed`,
            message: `${st.reason ?? 'keeps failing'}; see rozi extensions logs ${rt.id} --unit ${unit}`,
          });
      },
    });
    rt.services.set(instance.key, sup);
    if (instance.session) rt.serviceSessions.set(instance.key, instance.session);
    sup.start();
  }

  private async stopRuntime(rt: ExtensionRuntime, reason: 'reload' | 'disable' | 'shutdown'): Promise<void> {
    await Promise.all([...rt.services.values()].map((s) => s.stop(reason)));
  }

  /** A generation ends: its services stop, its calls and pickers close, its stream rows go. */
  private async retire(rt: ExtensionRuntime, reason: 'reload' | 'disable'): Promise<void> {
    this.runtimes.delete(rt.id);
    this.generations.retire(rt.id);
    this.pickers.closeOwnedBy(rt.generation);
    this.producers.closeGeneration(rt.generation);
    await this.stopRuntime(rt, reason);
    for (const tab of rt.streams.keys())
      this.o.bus.emit({ type: 'sidebar-rows', tab: `${rt.id}.${tab}`, rows: [] });
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
    const check = this.generations.check(caller.extension, caller.generation);
    if (!check.ok) throw new ExtensionHostError(check.code, check.message);
  }

  /** The session on screen and its focused pane: the context commands run in. */
  focusContext(): FocusContext | undefined {
    try {
      const pane = resolvePane(this.o.manager, {});
      const session = this.o.manager.sessionOf(pane);
      return {
        sessionName: session.name,
        sessionInstance: session.instanceId,
        paneId: String(pane.id),
        cwd: this.o.manager.liveCwd(pane),
        paneKey: pane.key,
      };
    } catch {
      return undefined;
    }
  }

  /** run-action <ext>.<id>: runs a command as a person would; answers once the process started. */
  runCommand(publicId: string): {
    extension: string;
    command: string;
    pid: number | undefined;
    exited: Promise<{ code: number | null; signal: string | null }>;
  } {
    const dot = publicId.indexOf('.');
    if (dot < 0) return this.runConfigCommand(publicId);
    const ext = publicId.slice(0, dot);
    const local = publicId.slice(dot + 1);
    const rt = dot > 0 ? this.runtimes.get(ext) : undefined;
    const cmd = rt?.manifest.commands.find((c) => c.id === local);
    if (!rt || !cmd)
      throw new ExtensionHostError(
        'not-found',
        `no command '${publicId}' (see rozi extensions list --verbose)`,
      );
    const focus = this.focusContext();
    const env = buildExtensionEnv({
      base: this.o.env,
      extension: this.identity(rt),
      kind: 'command',
      roziBin: this.o.roziBin,
      socket: this.o.paths.socket,
      source: focus ? { pane: focus.paneId, session: focus.sessionInstance } : undefined,
      sessionName: focus?.sessionName ?? '',
    });
    const h = runCommand({
      extension: rt.id,
      command: cmd.id,
      run: cmd.run,
      extensionDir: rt.dir,
      cwd: focus?.cwd,
      env,
      commandShell: this.config.commandShell,
      log: new UnitLog({ dir: rt.logDir, unit: 'commands' }),
      sendText: (text) => {
        if (!focus) throw new ExtensionHostError('not-found', 'no focused pane to send to');
        this.o.manager.panes.get(focus.paneKey as never)?.write(text);
      },
      onFailure: (f) =>
        void this.o.manager.notify({
          level: 'error',
          title: `${f.extension}.${f.command} failed`,
          message: f.message,
        }),
    });
    return { extension: rt.id, command: cmd.id, pid: h.pid, exited: h.exited };
  }

  setCommandVisibility(o: { caller?: CallerIdentity; command: string; visible: boolean }): {
    command: string;
    visible: boolean;
  } {
    if (!o.caller)
      throw new ExtensionHostError(
        'not-permitted',
        "show-command and hide-command work only from an extension's own commands and services",
      );
    const rt = this.checkCaller(o.caller, o.caller.extension);
    const local = o.command.startsWith(`${rt.id}.`) ? o.command.slice(rt.id.length + 1) : o.command;
    if (!rt.manifest.commands.some((c) => c.id === local))
      throw new ExtensionHostError('not-found', `${rt.id} has no command '${local}'`);
    rt.visibility.set(local, o.visible);
    this.o.bus.emit({ type: 'extensions-changed' });
    return { command: `${rt.id}.${local}`, visible: o.visible };
  }

  /** A config.toml `[[commands]]` or `[keys]` inline command (user commands have no dot in their id). */
  private runConfigCommand(id: string): ReturnType<ExtensionHost['runCommand']> {
    const c = readHostConfig(this.o.paths.configFile).commands.find((x) => x.id === id);
    if (!c)
      throw new ExtensionHostError('not-found', `no command '${id}' (see rozi extensions list --verbose)`);
    const r = runUserCommand(
      {
        manager: this.o.manager,
        focus: () => this.focusContext(),
        commandShell: () => this.config.commandShell ?? ['/bin/sh', '-c'],
        env: this.o.env,
        roziBin: this.o.roziBin,
        logDir: this.o.paths.logDir,
        home: this.o.env.HOME || '/',
      },
      c,
    );
    return {
      extension: 'config',
      command: id,
      pid: r.pid ?? undefined,
      exited: Promise.resolve({ code: 0, signal: null }),
    };
  }

  /**
   * Palette entries: commands not hidden (or shown at runtime), and the actions deployed in the
   * session on screen that accept `{}` (the palette calls them with `{}` via extensions.invoke).
   */
  palette(): {
    id: string;
    label: string;
    extension: string;
    kind: 'command' | 'action';
    session: string | null;
  }[] {
    const out: {
      id: string;
      label: string;
      extension: string;
      kind: 'command' | 'action';
      session: string | null;
    }[] = [];
    for (const rt of this.runtimes.values()) {
      for (const c of rt.manifest.commands) {
        const visible = rt.visibility.get(c.id) ?? !c.hidden;
        if (visible)
          out.push({ id: c.publicId, label: c.label, extension: rt.id, kind: 'command', session: null });
      }
    }
    // config.toml's own commands, read now so an edit shows at once.
    for (const c of readHostConfig(this.o.paths.configFile).commands)
      out.push({ id: c.id, label: c.label, extension: 'config', kind: 'command', session: null });
    const session = this.focusContext()?.sessionName;
    if (session !== undefined) {
      for (const a of this.deployments.actions(session)) {
        if (this.emptyArgs.check(a.argsSchema, {}).ok)
          out.push({ id: a.publicId, label: a.title, extension: a.extension, kind: 'action', session });
      }
    }
    return out.sort((a, b) => a.label.localeCompare(b.label));
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
   * A clicked link or hint: the first matching extension handler (extensions ordered by
   * installation directory name, handlers by declaration) runs its command with the link context.
   * Resolved at click time, so a disabled or removed extension can never be called.
   */
  openLink(o: { url?: string; file?: string; hint?: string }): { handled: boolean; command: string | null } {
    const scheme = o.url ? /^([a-z][a-z0-9+.-]*):/i.exec(o.url)?.[1]?.toLowerCase() : 'file';
    const base = o.file ? (o.file.split('/').pop() ?? o.file) : undefined;
    const globMatch = (glob: string, name: string): boolean =>
      new RegExp(
        `^${glob
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\?/g, '.')}$`,
        'i',
      ).test(name);
    const runtimes = this.runtimesList().sort((a, b) =>
      a.entry.dir.split('/').pop()!.localeCompare(b.entry.dir.split('/').pop()!),
    );
    for (const rt of runtimes) {
      for (const h of rt.manifest.linkHandlers) {
        if (!scheme || !h.schemes.map((x) => x.toLowerCase()).includes(scheme)) continue;
        if (h.files && !(base && h.files.some((g) => globMatch(g, base)))) continue;
        const cmd = rt.manifest.commands.find((c) => c.id === h.command);
        if (!cmd || cmd.run.kind === 'send') continue;
        const focus = this.focusContext();
        runCommand({
          extension: rt.id,
          command: cmd.id,
          run: cmd.run,
          extensionDir: rt.dir,
          cwd: focus?.cwd,
          env: buildExtensionEnv({
            base: this.o.env,
            extension: this.identity(rt),
            kind: 'link-handler',
            roziBin: this.o.roziBin,
            socket: this.o.paths.socket,
            source: focus ? { pane: focus.paneId, session: focus.sessionInstance } : undefined,
            sessionName: focus?.sessionName ?? '',
            link: o,
          }),
          commandShell: this.config.commandShell,
          log: new UnitLog({ dir: rt.logDir, unit: 'commands' }),
          sendText: () => undefined,
          onFailure: (f) =>
            void this.o.manager.notify({
              level: 'error',
              title: `${f.extension}.${f.command} failed`,
              message: f.message,
            }),
        });
        return { handled: true, command: cmd.publicId };
      }
    }
    return { handled: false, command: null };
  }

  publishRows(o: { caller?: CallerIdentity; tab: string; producer: string; rows: SidebarTabRow[] }): void {
    if (!o.caller)
      throw new ExtensionHostError(
        'not-permitted',
        "sidebar publish works only from an extension's own processes",
      );
    const rt = this.checkCaller(o.caller, o.caller.extension);
    const tab = rt.manifest.sidebarTabs.find((t) => t.name === o.tab);
    if (!tab || tab.source.kind !== 'stream')
      throw new ExtensionHostError('not-found', `${rt.id} has no stream tab '${o.tab}'`);
    let producers = rt.streams.get(o.tab);
    if (!producers) rt.streams.set(o.tab, (producers = new Map()));
    producers.set(o.producer, o.rows);
    this.o.bus.emit({ type: 'sidebar-rows', tab: tab.publicId, rows: [...producers.values()].flat() });
  }

  /**
   * A `rozi sidebar publish` connection opens its back channel: clicks on this producer's rows
   * reach `send`. The returned `close` (the connection ended: the process stopped) takes this
   * producer's rows with it, unless a restarted producer in the same place already replaced it.
   */
  openProducer(o: {
    caller?: CallerIdentity;
    tab: string;
    producer: string;
    send(e: StreamTabEvent): void;
    end(): void;
  }): () => void {
    if (!o.caller)
      throw new ExtensionHostError(
        'not-permitted',
        "sidebar publish works only from an extension's own processes",
      );
    const rt = this.checkCaller(o.caller, o.caller.extension);
    const tab = rt.manifest.sidebarTabs.find((t) => t.name === o.tab);
    if (!tab || tab.source.kind !== 'stream')
      throw new ExtensionHostError('not-found', `${rt.id} has no stream tab '${o.tab}'`);
    const detach = this.producers.attach({
      generation: rt.generation,
      tab: o.tab,
      producer: o.producer,
      send: o.send,
      end: o.end,
    });
    return () => {
      const producers = rt.streams.get(o.tab);
      if (!detach() || !producers?.delete(o.producer) || this.runtimes.get(rt.id) !== rt) return;
      this.o.bus.emit({ type: 'sidebar-rows', tab: tab.publicId, rows: [...producers.values()].flat() });
    };
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

  /** Every sidebar tab: config.toml's, then extension tabs whose id config.toml did not take. */
  sidebarTabList(): ReturnType<SidebarTabRuntime['allTabs']> {
    return this.tabs.allTabs();
  }

  commandTabRows(publicId: string): SidebarTabRow[] | undefined {
    return this.tabs.rows(publicId);
  }

  /** A click in an extension tab (sidebarTabRuntime.ts). */
  clickRow(o: {
    tab: string;
    row?: { label: string; id: string | null };
    entry?: number;
    producer?: string;
  }): { ok: true; pane: number | null; reported: boolean } {
    const reported = o.row ? this.reportStreamClick({ tab: o.tab, row: o.row, producer: o.producer }) : false;
    return { ...this.tabs.click(o), reported };
  }

  /** A stream row's click goes to the producer that published it (spec: Stream tabs), then on_click runs as for any row. */
  private reportStreamClick(o: {
    tab: string;
    row: { label: string; id: string | null };
    producer?: string;
  }): boolean {
    const found = this.tabs.allTabs().find((t) => t.tab.publicId === o.tab);
    const rt = found?.extension ? this.runtimes.get(found.extension) : undefined;
    if (!rt || found?.tab.source.kind !== 'stream') return false;
    const producers = rt.streams.get(found.tab.name);
    const producer = producers && producerOfRow({ producers, row: o.row, producer: o.producer });
    if (producer === undefined) return false;
    return this.producers.deliver({
      generation: rt.generation,
      tab: found.tab.name,
      producer,
      event: { event: 'click', tab: found.tab.name, row: { id: o.row.id, label: o.row.label } },
    });
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
      env: (rt, extra) =>
        buildExtensionEnv({
          base: this.o.env,
          extension: this.identity(rt),
          kind: 'tab',
          roziBin: this.o.roziBin,
          socket: this.o.paths.socket,
          ...extra,
        }),
      configTabs: () => this.config.sidebarTabs,
      configOwner: () => ({
        dir: this.o.env.HOME ?? process.cwd(),
        logDir: join(this.o.paths.logDir, 'sidebar'),
        env: (extra) => configTabEnv({ base: this.o.env, roziBin: this.o.roziBin, ...extra }),
      }),
    };
  }
}
