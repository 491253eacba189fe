// Extension commands as a person runs them (spec: Commands, Link handlers): `rozi run-action
// <ext>.<id>`, the palette's list, show-command / hide-command, and a clicked link or hint handed
// to the first matching handler. The host (host.ts) owns the loaded runtimes; this side only
// reads them through CommandHost.
import type { ExtensionManifest } from '@rozi/extensions';
import {
  ActionSchemas,
  runCommand,
  UnitLog,
  type ActionDefinition,
  type ExtensionEnvInput,
} from '@rozi/extensions/node';
import type { UserCommand } from '../config/userCommands';
import type { EventBus } from '../events/bus';
import type { SessionManager } from '../session/manager';
import type { ExtensionRuntime } from './extensionRuntime';
import type { FocusContext } from './focusContext';
import type { CallerIdentity } from './callerIdentity';
import { ExtensionHostError } from './hostError';
import type { PlacedCommandRunner } from './remoteCommands';
import { runUserCommand, type UserCommandHost } from './userCommandRunner';

/** The parts of a process environment that vary per process (identity, socket and bin come from the host). */
export type ProcessEnvInput = Omit<ExtensionEnvInput, 'base' | 'extension' | 'roziBin' | 'socket'>;

/** What commands need of the extension host. */
export interface CommandHost {
  readonly manager: SessionManager;
  readonly bus: EventBus;
  runtime(id: string): ExtensionRuntime | undefined;
  runtimesList(): ExtensionRuntime[];
  checkCaller(caller: CallerIdentity | undefined, extension: string): ExtensionRuntime;
  focusContext(): FocusContext | undefined;
  processEnv(rt: ExtensionRuntime, input: ProcessEnvInput): NodeJS.ProcessEnv;
  /** `[extensions] command_shell`, or undefined for the default. */
  commandShell(): string[] | undefined;
  /** config.toml's own commands (user commands have no dot in their id). */
  userCommands(): UserCommand[];
  userCommandHost(): UserCommandHost;
  /** Actions deployed in a session (deployments.ts). */
  sessionActions(session: string): (ActionDefinition & { publicId: string; title: string })[];
  /** Runs `active-session` commands on a remote host's session on screen (remoteCommands.ts). */
  placedCommands(): PlacedCommandRunner | undefined;
}

export interface PaletteEntry {
  id: string;
  label: string;
  extension: string;
  kind: 'command' | 'action';
  session: string | null;
}

type Command = ExtensionManifest['commands'][number];

/** A clicked link or chosen hint (rozi's link context: ROZI_URL, ROZI_FILE, ROZI_LINE, ROZI_COLUMN, ROZI_HINT). */
export type LinkContext = NonNullable<ProcessEnvInput['link']>;

export class ExtensionCommands {
  /** Decides which deployed actions accept `{}` (and so appear in the palette). */
  private readonly emptyArgs = new ActionSchemas();

  constructor(private readonly host: CommandHost) {}

  /** run-action <ext>.<id>: runs a command as a person would; answers once the process started. */
  runCommand(publicId: string): {
    extension: string;
    command: string;
    pid: number | undefined;
    exited: Promise<{ code: number | null; signal: string | null }>;
    /** Set when the command runs on a remote host: its start there (or why it cannot). */
    placed?: Promise<{ host: string; pid: number }>;
  } {
    const dot = publicId.indexOf('.');
    if (dot < 0) return this.runConfigCommand(publicId);
    const rt = dot > 0 ? this.host.runtime(publicId.slice(0, dot)) : undefined;
    const cmd = rt?.manifest.commands.find((c) => c.id === publicId.slice(dot + 1));
    if (!rt || !cmd)
      throw new ExtensionHostError(
        'not-found',
        `no command '${publicId}' (see rozi extensions list --verbose)`,
      );
    const placed = this.placedRun({ rt, cmd, kind: 'command' });
    if (placed)
      return {
        extension: rt.id,
        command: cmd.id,
        pid: undefined,
        exited: placed.then(
          () => ({ code: null, signal: null }),
          () => ({ code: null, signal: null }),
        ),
        placed,
      };
    const focus = this.host.focusContext();
    const h = this.start({
      rt,
      cmd,
      focus,
      env: { kind: 'command' },
      sendText: (text) => {
        if (!focus) throw new ExtensionHostError('not-found', 'no focused pane to send to');
        this.host.manager.panes.get(focus.paneKey as never)?.write(text);
      },
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
    const rt = this.host.checkCaller(o.caller, o.caller.extension);
    const local = o.command.startsWith(`${rt.id}.`) ? o.command.slice(rt.id.length + 1) : o.command;
    if (!rt.manifest.commands.some((c) => c.id === local))
      throw new ExtensionHostError('not-found', `${rt.id} has no command '${local}'`);
    rt.visibility.set(local, o.visible);
    this.host.bus.emit({ type: 'extensions-changed' });
    return { command: `${rt.id}.${local}`, visible: o.visible };
  }

  /**
   * Palette entries: commands not hidden (or shown at runtime), and the actions deployed in the
   * session on screen that accept `{}` (the palette calls them with `{}` via extensions.invoke).
   */
  palette(): PaletteEntry[] {
    const out: PaletteEntry[] = [];
    for (const rt of this.host.runtimesList()) {
      for (const c of rt.manifest.commands) {
        const visible = rt.visibility.get(c.id) ?? !c.hidden;
        if (visible)
          out.push({ id: c.publicId, label: c.label, extension: rt.id, kind: 'command', session: null });
      }
    }
    // config.toml's own commands, read now so an edit shows at once.
    for (const c of this.host.userCommands())
      out.push({ id: c.id, label: c.label, extension: 'config', kind: 'command', session: null });
    const session = this.host.focusContext()?.sessionName;
    if (session !== undefined) {
      for (const a of this.host.sessionActions(session)) {
        if (this.emptyArgs.check(a.argsSchema, {}).ok)
          out.push({ id: a.publicId, label: a.title, extension: a.extension, kind: 'action', session });
      }
    }
    return out.sort((a, b) => a.label.localeCompare(b.label));
  }

  /**
   * A clicked link or hint: the first matching extension handler (extensions ordered by
   * installation directory name, handlers by declaration) runs its command with the link context.
   * Resolved at click time, so a disabled or removed extension can never be called. A file link
   * (a path hint) is matched as scheme `file`.
   */
  openLink(o: LinkContext): { handled: boolean; command: string | null } {
    const scheme = o.url ? /^([a-z][a-z0-9+.-]*):/i.exec(o.url)?.[1]?.toLowerCase() : 'file';
    const base = o.file ? (o.file.split('/').pop() ?? o.file) : undefined;
    const runtimes = this.host
      .runtimesList()
      .sort((a, b) => a.entry.dir.split('/').pop()!.localeCompare(b.entry.dir.split('/').pop()!));
    for (const rt of runtimes) {
      for (const h of rt.manifest.linkHandlers) {
        if (!scheme || !h.schemes.map((x) => x.toLowerCase()).includes(scheme)) continue;
        if (h.files && !(base && h.files.some((g) => globMatch(g, base)))) continue;
        const cmd = rt.manifest.commands.find((c) => c.id === h.command);
        if (!cmd || cmd.run.kind === 'send') continue;
        const placed = this.placedRun({ rt, cmd, kind: 'link-handler', link: o });
        if (placed) return { handled: true, command: cmd.publicId };
        const focus = this.host.focusContext();
        this.start({ rt, cmd, focus, env: { kind: 'link-handler', link: o }, sendText: () => undefined });
        return { handled: true, command: cmd.publicId };
      }
    }
    return { handled: false, command: null };
  }

  /**
   * An `active-session` command (spec 003): on the host of the session on screen when that is a
   * remote host (a promise of its start there; its failure is already a notification), refused
   * with no-session when no session is attached, else undefined (it runs here, beside the local
   * session on screen).
   */
  private placedRun(o: {
    rt: ExtensionRuntime;
    cmd: Command;
    kind: 'command' | 'link-handler';
    link?: LinkContext;
  }): Promise<{ host: string; pid: number }> | undefined {
    if (o.cmd.placement !== 'active-session') return undefined;
    const runner = this.host.placedCommands();
    const remote = runner?.remoteOnScreen();
    if (runner && remote) {
      const started = runner.run({ ...o, host: remote.host, session: remote.session });
      // Handled here too: callers that only start it (link clicks, hook effects) never await it.
      started.catch(() => undefined);
      return started;
    }
    if (!this.host.focusContext()) {
      if (runner) throw runner.noSession({ extension: o.rt.id, command: o.cmd.id });
      throw new ExtensionHostError('no-session', `${o.rt.id}.${o.cmd.id}: no session is attached`);
    }
    return undefined;
  }

  /** A config.toml `[[commands]]` or `[keys]` inline command. */
  private runConfigCommand(id: string): ReturnType<ExtensionCommands['runCommand']> {
    const c = this.host.userCommands().find((x) => x.id === id);
    if (!c)
      throw new ExtensionHostError('not-found', `no command '${id}' (see rozi extensions list --verbose)`);
    const r = runUserCommand(this.host.userCommandHost(), c);
    return {
      extension: 'config',
      command: id,
      pid: r.pid ?? undefined,
      exited: Promise.resolve({ code: 0, signal: null }),
    };
  }

  /** One command process in the focused pane's cwd, for the session on screen; a failure is a notification. */
  private start(o: {
    rt: ExtensionRuntime;
    cmd: Command;
    focus: FocusContext | undefined;
    env: Pick<ProcessEnvInput, 'kind' | 'link'>;
    sendText(text: string): void;
  }): ReturnType<typeof runCommand> {
    const { rt, cmd, focus } = o;
    return runCommand({
      extension: rt.id,
      command: cmd.id,
      run: cmd.run,
      extensionDir: rt.dir,
      cwd: focus?.cwd,
      env: this.host.processEnv(rt, {
        ...o.env,
        source: focus ? { pane: focus.paneId, session: focus.sessionInstance } : undefined,
        sessionName: focus?.sessionName ?? '',
      }),
      commandShell: this.host.commandShell(),
      log: new UnitLog({ dir: rt.logDir, unit: 'commands' }),
      sendText: o.sendText,
      onFailure: (f) =>
        void this.host.manager.notify({
          level: 'error',
          title: `${f.extension}.${f.command} failed`,
          message: f.message,
        }),
    });
  }
}

/** A link handler's `files` glob (`*`, `?`), matched case-insensitively against the base name. */
function globMatch(glob: string, name: string): boolean {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 'i').test(name);
}
