// The server side of hooks (docs/hooks.md): listens to the event bus and the status hub, turns
// what happened into hook events, runs the user's `run =` hooks and every loaded script hook
// (extensions' and config.toml's) in the HookSandbox, and applies the effects that passed the
// sandbox's checks. Effects are applied inside a guard: the events they cause synchronously (a
// notify's notification, a status effect's agent-state-changed) raise no hooks, so hooks cannot
// set each other off in a loop. Loads follow the extension host: every extensions-changed (a
// load, reload, enable, disable or removal) resyncs which hooks run under which generation.
import { dirname } from 'node:path';
import {
  extensionHooksFromManifest,
  HookSandbox,
  matchesFilter,
  USER_CONFIG_HOOK_OWNER,
  type HookEvent,
  type HookHealthEntry,
  type HookOutcome,
} from '@rozi/extensions/node';
import type { RoziPaths } from '../config/paths';
import type { EventBus } from '../events/bus';
import type { ServerEvent } from '../events/types';
import type { SessionManager } from '../session/manager';
import { EffectApplier, type AppliedEvent, type HookExtensionHost } from './effectApplier';
import { FocusMemory, hookEventFromBus, hookEventFromStatus, type PaneLookup } from './eventPayloads';
import { ShellHookRunner } from './shellHookRunner';
import type { HookStatusLink } from './statusLink';
import { readUserHooks, type UserRunHook } from './userHooks';

/**
 * A pane's workspace (1-9): its tab's number. A new tab's first pane is spawned before the tab
 * joins the list; then the lowest free number is the one it gets.
 */
function workspaceOf(tabs: readonly { id: number; workspace: number }[], tab: number): number {
  const found = tabs.find((t) => t.id === tab);
  if (found) return found.workspace;
  const used = new Set(tabs.map((t) => t.workspace));
  let n = 1;
  while (used.has(n)) n++;
  return n;
}

export interface HookServiceOptions {
  manager: SessionManager;
  bus: EventBus;
  host: HookExtensionHost | undefined;
  paths: RoziPaths;
  /** Environment of `run =` hooks: the server's, with ROZI_SOCKET and ROZI_BIN. */
  env: Record<string, string>;
  home: string;
  log: (line: string) => void;
  /** The remote host a session name belongs to (`dev@box` → `box`), for ROZI_REMOTE_HOST. */
  remoteHostOf?: (session: string) => string | undefined;
}

/** One row of `rozi extensions status`' hook table. */
export interface HookStatusEntry extends HookHealthEntry {
  kind: 'script';
}

export class HookService {
  private readonly sandbox: HookSandbox;
  private readonly applier: EffectApplier;
  private readonly shell: ShellHookRunner;
  private readonly focus = new FocusMemory();
  private readonly panes: PaneLookup;
  /** Extension id → generation its hooks were loaded under (config.toml: its source digest). */
  private readonly loaded = new Map<string, string>();
  private runHooks: UserRunHook[] = [];
  private status: HookStatusLink | undefined;
  private unsubscribe: (() => void)[] = [];
  /** `rozi subscribe` connections: every event as hooks get it, effects' own included. */
  private readonly listeners = new Set<(event: HookEvent) => void>();
  /** > 0 while effects are applied: what they raise synchronously raises no hooks. */
  private applying = 0;
  private syncing: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Events whose hooks have not answered yet (for tests and the bench: quiescence). */
  private inFlight = 0;

  constructor(private readonly o: HookServiceOptions) {
    this.sandbox = new HookSandbox({
      log: (entry) => o.log(`hooks: ${entry.message}`),
      onHookDisabled: (notice) => {
        this.quietly(() =>
          o.manager.notify({
            level: 'warn',
            title: `hook disabled: ${notice.extensionId}/${notice.hookId}`,
            message: `${notice.reason}; see rozi extensions status`,
          }),
        );
      },
    });
    this.applier = new EffectApplier({
      manager: o.manager,
      host: o.host,
      status: () => this.status,
      log: o.log,
    });
    this.shell = new ShellHookRunner({
      shell: () => [o.env.SHELL || '/bin/sh', '-c'],
      env: o.env,
      cwd: o.home,
      log: o.log,
      remoteHost: (event) => {
        const session = (event as { session?: unknown }).session;
        return typeof session === 'string' ? o.remoteHostOf?.(session) : undefined;
      },
    });
    this.panes = {
      launch: (key) => {
        const pane = o.manager.panes.get(key);
        if (!pane) return undefined;
        const session = o.manager.sessions.get(pane.session.name);
        return {
          command: pane.launch.argv ? null : (pane.launch.command ?? null),
          argv: pane.launch.argv ?? null,
          cwd: pane.launch.cwd || null,
          workspace: workspaceOf(session?.tabs ?? [], pane.tab),
        };
      },
      focused: (key) => {
        const pane = o.manager.panes.get(key);
        const session = pane && o.manager.sessions.get(pane.session.name);
        if (!pane || !session || session.activeTabId !== pane.tab) return false;
        return session.tabs.find((t) => t.id === pane.tab)?.focusedPaneId === pane.id;
      },
      locate: (key) => {
        const pane = o.manager.panes.get(key);
        return pane ? { session: pane.session.name, pane: pane.id } : undefined;
      },
    };
  }

  /** Subscribes to the bus and loads every hook; resolves once the first load is done. */
  async start(): Promise<void> {
    this.unsubscribe.push(this.o.bus.onAny((event) => this.onBus(event)));
    await this.resync();
  }

  /** The status subsystem's link: agent-state-changed, `status` and `send-text` need it. */
  attachStatus(link: HookStatusLink): void {
    this.status = link;
    this.unsubscribe.push(
      link.subscribe((change) => {
        if (this.stopped) return;
        const event = hookEventFromStatus(change, this.panes);
        if (!event) return;
        this.publish(event);
        if (this.applying === 0) this.raise(event, change.row.pane);
      }),
    );
  }

  /** Re-reads which hooks exist (extension load or config.toml edit). Serialised. */
  resync(): Promise<void> {
    const run = () =>
      this.syncOnce().catch((err: unknown) =>
        this.o.log(`hooks: loading hooks failed: ${err instanceof Error ? err.message : String(err)}`),
      );
    this.syncing = this.syncing.then(run, run);
    return this.syncing;
  }

  /**
   * Every hook event as it happens, with the payload hooks receive (docs/hooks.md), including
   * those raised by hook effects (which run no hooks, but a subscriber still sees them).
   * `rozi subscribe` prints these, so hooks and subscribers share one mapping.
   */
  onEvent(listener: (event: HookEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  health(): HookStatusEntry[] {
    return this.sandbox.health().map((entry) => ({ ...entry, kind: 'script' as const }));
  }

  /** Re-enables a hook disabled for failing. */
  enable(o: { extensionId: string; hookId: string }): boolean {
    return this.sandbox.enable(o);
  }

  /** Events raised whose hooks have not all answered yet. */
  get pending(): number {
    return this.inFlight;
  }

  get workerPid(): number | null {
    return this.sandbox.workerPid;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const u of this.unsubscribe) u();
    this.unsubscribe = [];
    await this.syncing;
    await this.sandbox.dispose();
  }

  private onBus(event: ServerEvent): void {
    if (this.stopped) return;
    if (event.type === 'extensions-changed') {
      void this.resync();
      return;
    }
    // The status service's config.toml reload: [[hooks]] may have changed too.
    if (event.type === 'config-reloaded') {
      const reloaded = { event: 'config-reloaded', path: this.o.paths.configFile } as const;
      this.publish(reloaded);
      void this.resync().then(() => this.raise(reloaded, undefined));
      return;
    }
    const hookEvent = hookEventFromBus(event, { panes: this.panes, focus: this.focus });
    if (!hookEvent) return;
    this.publish(hookEvent);
    if (this.applying === 0) this.raise(hookEvent, 'key' in event ? event.key : undefined);
  }

  private publish(event: HookEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.o.log(`hooks: event subscriber failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  private raise(event: HookEvent, paneKey: number | undefined): void {
    for (const hook of this.runHooks)
      if (hook.event === event.event && matchesFilter(hook.filter, event)) this.shell.run(hook, event);
    if (this.loaded.size === 0) return;
    // Pinned now, synchronously: the state the hook saw is the state send-text is fenced to.
    const raised: AppliedEvent = {
      event,
      pin: paneKey === undefined ? undefined : this.status?.get(paneKey),
    };
    this.inFlight++;
    void this.sandbox
      .dispatch(event)
      .then((outcomes) => {
        for (const outcome of outcomes) this.applyOutcome(outcome, raised);
      })
      .finally(() => this.inFlight--);
  }

  private applyOutcome(outcome: HookOutcome, raised: AppliedEvent): void {
    if (this.stopped || !outcome.ok) return;
    const generation =
      outcome.extensionId === USER_CONFIG_HOOK_OWNER ? null : (this.loaded.get(outcome.extensionId) ?? null);
    this.quietly(() => this.applier.apply({ outcome, raised, generation }));
  }

  private quietly<T>(fn: () => T): T {
    this.applying++;
    try {
      return fn();
    } finally {
      this.applying--;
    }
  }

  private async syncOnce(): Promise<void> {
    if (this.stopped) return;
    const wanted = new Map<string, string>();
    for (const rt of this.o.host?.runtimesList() ?? []) {
      if (rt.manifest.hooks.length === 0) continue;
      wanted.set(rt.id, rt.generation);
      if (this.loaded.get(rt.id) === rt.generation) continue;
      const { spec, errors } = await extensionHooksFromManifest({
        extensionId: rt.id,
        extensionDir: rt.dir,
        manifest: rt.manifest,
      });
      for (const line of errors) this.o.log(`hooks: ${line}`);
      if (!spec) continue;
      const report = await this.sandbox.load(spec);
      this.loaded.set(rt.id, rt.generation);
      this.o.log(
        `hooks: loaded ${spec.hooks.length} hook(s) of ${rt.id}${report.errors.length ? ` (${report.errors.length} failed to load)` : ''}`,
      );
    }
    for (const id of [...this.loaded.keys()]) {
      if (id === USER_CONFIG_HOOK_OWNER || wanted.has(id)) continue;
      this.loaded.delete(id);
      await this.sandbox.unload(id);
      this.o.log(`hooks: unloaded the hooks of ${id}`);
    }
    await this.syncUserHooks();
  }

  private async syncUserHooks(): Promise<void> {
    const user = readUserHooks({
      configFile: this.o.paths.configFile,
      configDir: dirname(this.o.paths.configFile),
      home: this.o.home,
    });
    for (const line of user.diagnostics) this.o.log(`hooks: ${line}`);
    this.runHooks = user.run;
    const digest = user.script ? JSON.stringify(user.script) : null;
    if (digest === (this.loaded.get(USER_CONFIG_HOOK_OWNER) ?? null)) return;
    if (user.script && digest !== null) {
      const report = await this.sandbox.load(user.script);
      this.loaded.set(USER_CONFIG_HOOK_OWNER, digest);
      this.o.log(
        `hooks: loaded ${user.script.hooks.length} script hook(s) of config.toml${report.errors.length ? ` (${report.errors.length} failed to load)` : ''}`,
      );
    } else {
      this.loaded.delete(USER_CONFIG_HOOK_OWNER);
      await this.sandbox.unload(USER_CONFIG_HOOK_OWNER);
    }
  }
}
