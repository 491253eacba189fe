// Runs a config.toml user command (config/userCommands.ts) the way rozi does: `run` opens a pane
// beside the focused one, `popup` a popup over its workspace (session/floating.ts), `send`
// types into the focused pane, `exec` runs with no pane, its output in the log and a failure
// shown as a notification. The command line goes through command_shell, in the focused pane's cwd.
import { join } from 'node:path';
import { runCommand, UnitLog } from '@rozi/extensions/node';
import type { UserCommand } from '../config/userCommands';
import type { SessionManager } from '../session/manager';
import { spawnFloating } from '../session/floating';
import { spawnByRules } from '../session/paneRules';
import { configTabEnv } from './configTabEnv';
import { ExtensionHostError } from './hostError';
import type { FocusContext } from './focusContext';

export interface UserCommandHost {
  manager: SessionManager;
  focus(): FocusContext | undefined;
  commandShell(): string[];
  env: NodeJS.ProcessEnv;
  roziBin: string;
  logDir: string;
  /** Where an exec command runs when no pane is focused. */
  home: string;
}

export function runUserCommand(
  h: UserCommandHost,
  c: UserCommand,
): { id: string; pane: number | null; pid: number | null } {
  const focus = h.focus();
  const target = focus ? h.manager.panes.get(focus.paneKey as never) : undefined;
  if (c.kind === 'send') {
    if (!target) throw new ExtensionHostError('not-found', `${c.id}: no focused pane to send to`);
    target.write(c.text);
    return { id: c.id, pane: target.id, pid: null };
  }
  if (c.kind === 'exec') {
    const handle = runCommand({
      extension: 'config',
      command: c.id,
      run: { kind: 'shell', command: c.text },
      extensionDir: h.home,
      cwd: focus?.cwd,
      env: configTabEnv({ base: h.env, roziBin: h.roziBin, sessionName: focus?.sessionName }),
      commandShell: h.commandShell(),
      log: new UnitLog({ dir: join(h.logDir, 'config'), unit: 'commands' }),
      sendText: () => undefined,
      onFailure: (f) =>
        void h.manager.notify({
          level: 'error',
          title: `${c.label} failed`,
          message: `${f.exitCode !== null ? `exit ${f.exitCode}` : (f.signal ?? 'did not start')}; its output is in ${join(h.logDir, 'config')}`,
        }),
    });
    return { id: c.id, pane: null, pid: handle.pid ?? null };
  }
  const launch = {
    argv: [...h.commandShell(), c.text],
    cwd: focus?.cwd ?? h.home,
    title: c.label.slice(0, 60),
    keepOpen: c.keepOpen,
  };
  if (c.kind === 'run' && target) {
    const split = () => h.manager.split(target, { direction: 'row', launch, focus: true });
    const pane = spawnByRules(h.manager, { near: target, launch, commandLine: c.text, fallback: split });
    return { id: c.id, pane: pane.id, pid: null };
  }
  if (target)
    return {
      id: c.id,
      pane: spawnFloating(h.manager, { near: target, launch, kind: 'popup' }).id,
      pid: null,
    };
  return { id: c.id, pane: h.manager.createSession({ launch }).pane.id, pid: null };
}
