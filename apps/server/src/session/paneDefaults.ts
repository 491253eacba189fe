// What config.toml says about every new pane (configuration.md, top-level keys and [pane]):
// `shell` (a program, or an argv whose first word is the program), `cwd` (`~` expands),
// `scrollback` (lines, at least 1) and `[pane] hold_on_exit` (a plain shell that exits stays in
// the layout with its exit code). Read at each spawn, so a saved change applies to the next pane
// and running panes keep what they started with. A bad value is ignored here (the key table
// reports its type with the line) and the server's default is kept.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { readPaneRules, type PaneRule } from '../config/rules';
import { SCRATCHPAD_HEIGHT, type ScratchpadSettings } from './floating';

export interface PaneDefaults {
  /** The interactive shell and its arguments; undefined = $SHELL. */
  shell?: { file: string; args: string[] };
  cwd?: string;
  scrollback?: number;
  holdOnExit: boolean;
  /** [scratchpad] command / cwd / height (session/floating.ts); absent = the shell, 0.4. */
  scratchpad?: ScratchpadSettings;
  /** [[rules]]: where a pane spawned with a command goes (session/paneRules.ts). */
  rules?: PaneRule[];
}

const isTable = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export function paneDefaultsOf(root: Record<string, unknown>, home: string): PaneDefaults {
  const out: PaneDefaults = { holdOnExit: isTable(root.pane) && root.pane.hold_on_exit === true };
  const shell = root.shell;
  if (typeof shell === 'string' && shell.trim() !== '') out.shell = { file: shell, args: [] };
  else if (Array.isArray(shell) && shell.length > 0 && shell.every((x) => typeof x === 'string' && x !== ''))
    out.shell = { file: shell[0] as string, args: shell.slice(1) as string[] };
  if (typeof root.cwd === 'string' && root.cwd !== '') {
    const cwd =
      root.cwd === '~' ? home : root.cwd.startsWith('~/') ? join(home, root.cwd.slice(2)) : root.cwd;
    if (isDirectory(cwd)) out.cwd = cwd;
  }
  if (typeof root.scrollback === 'number' && Number.isInteger(root.scrollback) && root.scrollback >= 1)
    out.scrollback = Math.min(root.scrollback, 1_000_000);
  out.scratchpad = scratchpadOf(root.scratchpad, home);
  // Bad entries are skipped here; rozi config check reports each with its line.
  out.rules = readPaneRules({ root, text: '', file: 'config.toml' }).rules;
  return out;
}

function expandHome(path: string, home: string): string {
  return path === '~' ? home : path.startsWith('~/') ? join(home, path.slice(2)) : path;
}

/** [scratchpad]: a bad value is ignored here (the key table reports it with its line). */
function scratchpadOf(t: unknown, home: string): ScratchpadSettings {
  const out: ScratchpadSettings = { height: SCRATCHPAD_HEIGHT.default };
  if (!isTable(t)) return out;
  if (typeof t.command === 'string' && t.command.trim() !== '') out.command = t.command;
  if (typeof t.cwd === 'string' && t.cwd !== '' && isDirectory(expandHome(t.cwd, home)))
    out.cwd = expandHome(t.cwd, home);
  if (typeof t.height === 'number' && Number.isFinite(t.height))
    out.height = Math.max(SCRATCHPAD_HEIGHT.min, Math.min(SCRATCHPAD_HEIGHT.max, t.height));
  return out;
}
