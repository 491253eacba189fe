// Extension sidebar tabs at run time (spec: Sidebar tabs): command tabs run through the command
// shell in the focused pane's cwd every `interval` s (≥ 5) and again at once when that cwd changes,
// only while a browser is connected; clicks run an entry's action or the tab's on_click with
// {line} / ROZI_ROW / ROZI_ROW_ID. Stream rows are kept by extensionSidebar.ts.
import type { SidebarTabContribution } from '@rozi/extensions';
import {
  runCommand,
  signalGroup,
  spawnGroup,
  substituteExtensionDir,
  UnitLog,
  type ExtensionEnvInput,
} from '@rozi/extensions/node';
import type { EventBus } from '../events/bus';
import type { SidebarTabRow } from '../events/types';
import type { SessionManager } from '../session/manager';
import { spawnFloating } from '../session/floating';
import { spawnByRules } from '../session/paneRules';
import { parseTabOutput } from './commandTabs';
import type { ExtensionRuntime } from './extensionRuntime';
import type { FocusContext } from './focusContext';
import { ExtensionHostError } from './hostError';
import type { PlacedCommandRunner } from './remoteCommands';

/** What the tab runtime needs of the extension host. */
export interface TabHost {
  manager: SessionManager;
  bus: EventBus;
  browsers(): number;
  runtimes(): ReadonlyMap<string, ExtensionRuntime>;
  focus(): FocusContext | undefined;
  commandShell(): string[];
  /** Runs `placement = "active-session"` tabs on the host of the session on screen (remoteCommands.ts). */
  placed(): PlacedCommandRunner | undefined;
  /** The `tab` process environment of an extension (ROZI_EXTENSION* and the spec's extras). */
  env(rt: ExtensionRuntime, extra: Pick<ExtensionEnvInput, 'sessionName' | 'row'>): NodeJS.ProcessEnv;
  /** config.toml `[[sidebar.tabs]]`: their ids win over an extension tab of the same id. */
  configTabs(): readonly SidebarTabContribution[];
  /** Where config tabs run without a pane cwd, log, and their environment (no extension identity). */
  configOwner(): {
    dir: string;
    logDir: string;
    env(extra: Pick<ExtensionEnvInput, 'sessionName' | 'row'>): NodeJS.ProcessEnv;
  };
}

/** Who a tab belongs to, for where its processes run, log and what they receive. */
interface TabOwner {
  dir: string;
  logDir: string;
  env(extra: Pick<ExtensionEnvInput, 'sessionName' | 'row'>): NodeJS.ProcessEnv;
  /** Still the owner the tab came from (an extension reload retires a runtime). */
  current(): boolean;
  /** The extension a `run`/`exec` reports as, for logs. */
  name: string;
  /** The extension's runtime (config.toml tabs have none and always run here). */
  rt?: ExtensionRuntime;
}

type CommandSource = Extract<SidebarTabContribution['source'], { kind: 'command' }>;

export class SidebarTabRuntime {
  private readonly cache = new Map<
    string,
    { rows: SidebarTabRow[]; lastRun: number; cwd: string | undefined; running: boolean }
  >();

  constructor(private readonly h: TabHost) {}

  rows(publicId: string): SidebarTabRow[] | undefined {
    return this.cache.get(publicId)?.rows;
  }

  /** Runs due command tabs: interval elapsed (≥ 5 s) or the focused pane's cwd changed; only while a browser looks. */
  tick(): void {
    if (this.h.browsers() === 0) return;
    const focus = this.h.focus();
    const now = Date.now();
    for (const { tab: t, owner } of this.allTabs()) {
      if (t.source.kind !== 'command') continue;
      const c = this.cache.get(t.publicId);
      if (c?.running) continue;
      const remote = this.remoteOf(t.source, owner);
      // Where it lists: a remote session (by host and name) or the focused pane's cwd here.
      const where = remote ? `${remote.session}@${remote.host}` : focus?.cwd;
      const due = !c || now - c.lastRun >= Math.max(5, t.intervalSeconds) * 1000 || c.cwd !== where;
      if (!due) continue;
      if (remote && owner.rt)
        this.runRemoteTab({ rt: owner.rt, name: t.name, publicId: t.publicId, source: t.source, remote });
      else this.runCommandTab({ owner, name: t.name, publicId: t.publicId, source: t.source, focus });
    }
  }

  /** Every live tab with its owner: config.toml's first, then extension tabs whose id config.toml did not take. */
  allTabs(): { tab: SidebarTabContribution; owner: TabOwner; extension: string | null }[] {
    const config = this.h.configTabs();
    const c = this.h.configOwner();
    const taken = new Set(config.map((t) => t.publicId));
    const out: { tab: SidebarTabContribution; owner: TabOwner; extension: string | null }[] = config.map(
      (tab) => ({
        tab,
        extension: null,
        owner: {
          dir: c.dir,
          logDir: c.logDir,
          env: c.env,
          name: 'config',
          current: () => this.h.configTabs().includes(tab),
        },
      }),
    );
    for (const rt of this.h.runtimes().values()) {
      const owner: TabOwner = {
        dir: rt.dir,
        logDir: rt.logDir,
        env: (extra) => this.h.env(rt, extra),
        name: rt.id,
        rt,
        current: () => this.h.runtimes().get(rt.id) === rt,
      };
      for (const tab of rt.manifest.sidebarTabs)
        if (!taken.has(tab.publicId)) out.push({ tab, owner, extension: rt.id });
    }
    return out;
  }

  /** The host and session an active-session extension tab runs on, when the session on screen is remote. */
  private remoteOf(source: CommandSource, owner: TabOwner): { host: string; session: string } | undefined {
    if (source.placement !== 'active-session' || !owner.rt) return undefined;
    return this.h.placed()?.remoteOnScreen();
  }

  /**
   * A placed command tab whose session on screen is on a host: it lists there (host/placedCommand.ts),
   * in the focused pane's directory of that session, with the host's ROZI_* environment. A host that
   * cannot run it gives one header row with the reason (its notification is shown once).
   */
  private runRemoteTab(o: {
    rt: ExtensionRuntime;
    name: string;
    publicId: string;
    source: CommandSource;
    remote: { host: string; session: string };
  }): void {
    const runner = this.h.placed();
    if (!runner) return;
    const entry = {
      rows: this.cache.get(o.publicId)?.rows ?? [],
      lastRun: Date.now(),
      cwd: `${o.remote.session}@${o.remote.host}` as string | undefined,
      running: true,
    };
    this.cache.set(o.publicId, entry);
    const finish = (rows: SidebarTabRow[]): void => {
      entry.running = false;
      entry.lastRun = Date.now();
      entry.rows = rows;
      if (this.h.runtimes().get(o.rt.id) === o.rt)
        this.h.bus.emit({ type: 'sidebar-rows', tab: o.publicId, rows: entry.rows });
    };
    runner
      .run({
        rt: o.rt,
        cmd: { id: `tab.${o.name}`, run: { kind: 'shell', command: o.source.command } },
        kind: 'tab',
        output: true,
        ...o.remote,
      })
      .then((r) =>
        finish(
          parseTabOutput({
            text: r.stdout ?? '',
            format: o.source.format,
            groupPrefix: o.source.groupPrefix,
          }),
        ),
      )
      .catch((err: unknown) =>
        finish([
          {
            id: null,
            label: err instanceof Error ? err.message : String(err),
            header: true,
            group: null,
            depth: 0,
            badge: null,
          },
        ]),
      );
  }

  private runCommandTab(o: {
    owner: TabOwner;
    name: string;
    publicId: string;
    source: { command: string; format: 'lines' | 'json'; groupPrefix: string | undefined };
    focus: FocusContext | undefined;
  }): void {
    const { owner, focus } = o;
    const entry = {
      rows: this.cache.get(o.publicId)?.rows ?? [],
      lastRun: Date.now(),
      cwd: focus?.cwd,
      running: true,
    };
    this.cache.set(o.publicId, entry);
    const env = owner.env({ sessionName: focus?.sessionName ?? '' });
    const argv = [...this.h.commandShell(), substituteExtensionDir(o.source.command, owner.dir)];
    const log = new UnitLog({ dir: owner.logDir, unit: `tab.${o.name}` });
    let out = '';
    const done = (): void => {
      entry.running = false;
      entry.lastRun = Date.now();
      entry.rows = parseTabOutput({ text: out, format: o.source.format, groupPrefix: o.source.groupPrefix });
      if (owner.current()) this.h.bus.emit({ type: 'sidebar-rows', tab: o.publicId, rows: entry.rows });
    };
    try {
      const child = spawnGroup({ argv, cwd: focus?.cwd ?? owner.dir, env, stdin: 'ignore' });
      const timer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 30_000);
      child.stdout?.on('data', (d: Buffer) => {
        if (out.length < 1024 * 1024) out += d.toString();
      });
      child.stderr?.on('data', (d: Buffer) => log.write(d));
      child.once('error', (err) => {
        log.event(`failed to start: ${err.message}`);
        clearTimeout(timer);
        done();
      });
      child.once('close', () => {
        clearTimeout(timer);
        signalGroup(child.pid, 'SIGKILL');
        done();
      });
    } catch (err) {
      log.event(`failed to start: ${err instanceof Error ? err.message : String(err)}`);
      done();
    }
  }

  /**
   * A click in an extension tab: an entries tab's entry (by index) runs its own action; a command or
   * stream tab's row runs the tab's on_click with {line} / ROZI_ROW / ROZI_ROW_ID. `run` opens a
   * pane beside the focused one and `popup` a popup over its workspace (session/floating.ts), both
   * in the focused pane's cwd; `exec` runs without a pane, its output in the `commands` log.
   */
  click(o: { tab: string; row?: { label: string; id: string | null }; entry?: number }): {
    ok: true;
    pane: number | null;
  } {
    const found = this.allTabs().find((t) => t.tab.publicId === o.tab);
    const tab = found?.tab;
    const rt = found?.owner;
    if (!rt || !tab) throw new ExtensionHostError('not-found', `no sidebar tab '${o.tab}'`);
    let click = tab.onClick;
    let row = o.row;
    if (o.entry !== undefined) {
      const entry = tab.source.kind === 'entries' ? tab.source.entries[o.entry] : undefined;
      if (!entry) throw new ExtensionHostError('not-found', `${o.tab} has no entry ${o.entry}`);
      click = entry.action;
      row = { label: entry.label, id: null };
    }
    if (!click || !row) return { ok: true, pane: null };
    const focus = this.h.focus();
    const fill = (text: string): string =>
      substituteExtensionDir(text, rt.dir).split('{line}').join(row.label);
    if (click.kind === 'send') {
      if (focus) this.h.manager.panes.get(focus.paneKey as never)?.write(fill(click.text));
      return { ok: true, pane: null };
    }
    const env = rt.env({
      sessionName: focus?.sessionName ?? '',
      row: { line: row.label, id: row.id ?? undefined },
    });
    const remote =
      click.kind === 'exec' && tab.source.kind === 'command' ? this.remoteOf(tab.source, rt) : undefined;
    if (click.kind === 'exec' && remote && rt.rt) {
      // The click's exec runs beside the listing, on the host (its failure is a notification there).
      // Its own id: each run rotates its id's credential, and the next listing must not retire a click's.
      this.h
        .placed()
        ?.run({
          rt: rt.rt,
          cmd: { id: `tab.${tab.name}.click`, run: { kind: 'exec', argv: click.argv } },
          kind: 'tab',
          row: { line: row.label, id: row.id ?? undefined },
          ...remote,
        })
        .catch(() => undefined);
      return { ok: true, pane: null };
    }
    if (click.kind === 'run' || click.kind === 'popup')
      return {
        ok: true,
        pane: this.openClickPane({
          rt,
          kind: click.kind,
          command: substituteExtensionDir(click.command, rt.dir),
          title: row.label,
          env,
          focus,
        }),
      };
    runCommand({
      extension: rt.name,
      command: `tab.${tab.name}`,
      run: { kind: 'exec', argv: click.argv },
      extensionDir: rt.dir,
      cwd: focus?.cwd,
      env,
      commandShell: this.h.commandShell(),
      log: new UnitLog({ dir: rt.logDir, unit: 'commands' }),
      sendText: () => undefined,
      onFailure: (f) =>
        void this.h.manager.notify({ level: 'error', title: `${o.tab} click failed`, message: f.message }),
    });
    return { ok: true, pane: null };
  }

  /**
   * `run` / `popup` from a tab: a pane running the command through the command shell, with the
   * row in ROZI_ROW(_ID). Panes take no environment of their own here, so the extension variables
   * that differ from the pane's go in through `env` in front of the shell.
   */
  private openClickPane(o: {
    rt: TabOwner;
    kind: 'run' | 'popup';
    command: string;
    title: string;
    env: NodeJS.ProcessEnv;
    focus: FocusContext | undefined;
  }): number {
    const pick = Object.entries(o.env).filter(
      ([k, v]) =>
        v !== undefined &&
        (k === 'ROZI_ROW' ||
          k === 'ROZI_ROW_ID' ||
          k.startsWith('ROZI_EXTENSION') ||
          k === 'ROZI_BIN' ||
          k === 'ROZI_SESSION_NAME'),
    );
    const argv = ['/usr/bin/env', ...pick.map(([k, v]) => `${k}=${v}`), ...this.h.commandShell(), o.command];
    const launch = { argv, cwd: o.focus?.cwd ?? o.rt.dir, title: o.title.slice(0, 60), keepOpen: true };
    const target = o.focus ? this.h.manager.panes.get(o.focus.paneKey as never) : undefined;
    if (o.kind === 'run' && target) {
      const split = () => this.h.manager.split(target, { direction: 'row', launch, focus: true });
      return spawnByRules(this.h.manager, { near: target, launch, commandLine: o.command, fallback: split })
        .id;
    }
    if (target) return spawnFloating(this.h.manager, { near: target, launch, kind: 'popup' }).id;
    return this.h.manager.createSession({ launch }).pane.id;
  }
}
