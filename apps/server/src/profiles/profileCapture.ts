// Capture a live session as a profile (project-profiles.md, Saving limitations): each workspace's
// kind and split tree, and each pane's given name, live cwd (`~` for home) and command. A pane
// running a program saves that program with the arguments it received (read from /proc); a pane
// idling at its shell prompt saves no command, except an explicit launch command or argv it was
// started with. A program the server cannot find by its bare name on PATH is saved as its full
// path; arguments that could not be typed back at a prompt (control characters) are dropped.
import { readlinkSync } from 'node:fs';
import { isAbsolute, resolve, sep } from 'node:path';
import { procProcessTable, type ProcessTable } from '../proc/processTable';
import { paneIds } from '../session/layout';
import type { SessionManager } from '../session/manager';
import type { LayoutNode, PaneId } from '../session/model';
import type { Pane } from '../session/pane';
import { programProblem } from '../session/programLookup';
import type { Session } from '../session/sessionState';
import type { Profile, ProfilePane, ProfileTree, ProfileWorkspace } from './profileModel';

const SHELLS = new Set(['sh', 'bash', 'zsh', 'fish', 'dash', 'ksh', 'tcsh', 'csh', 'nu', 'elvish', 'xonsh']);

export interface CaptureOptions {
  home: string;
  pathVar: string | undefined;
  procs?: ProcessTable;
}

export function captureSession(m: SessionManager, session: Session, o: CaptureOptions): Profile {
  const active = session.tabs.find((t) => t.id === session.activeTabId) ?? session.tabs[0];
  const workspaces: ProfileWorkspace[] = session.tabs.map((tab) => {
    const ids = paneIds(tab.layout);
    const local = new Map<PaneId, number>(ids.map((id, i) => [id, i]));
    const panes: ProfilePane[] = ids.flatMap((id, i) => {
      const pane = session.panes.get(id);
      return pane ? [capturePane(m, pane, { ...o, id: i })] : [];
    });
    return {
      index: tab.workspace - 1,
      name: tab.name && tab.name !== String(tab.workspace) ? tab.name : null,
      layout: tab.layoutKind,
      focusedPane: local.get(tab.focusedPaneId) ?? null,
      // Order-driven kinds rebuild their tree from the pane order; only dwindle keeps a made one.
      tree: tab.layoutKind === 'dwindle' && ids.length > 1 ? treeOf(tab.layout, local) : null,
      panes,
    };
  });
  return { version: 1, activeWorkspace: active ? active.workspace - 1 : 0, workspaces };
}

function treeOf(node: LayoutNode, local: Map<PaneId, number>): ProfileTree {
  if (node.type === 'pane') return { pane: local.get(node.paneId) ?? 0 };
  return {
    split: node.direction,
    ratios: node.ratios.map((r) => Math.round(r * 10000) / 10000),
    children: node.children.map((c) => treeOf(c, local)),
  };
}

function capturePane(m: SessionManager, pane: Pane, o: CaptureOptions & { id: number }): ProfilePane {
  const cwd = m.liveCwd(pane);
  const running = runningCommand(pane, o);
  return {
    id: o.id,
    name: pane.launch.name,
    cwd: homeRelative(cwd, o.home),
    command: running ?? pane.launch.command,
    argv: running === null && pane.launch.command === null ? pane.launch.argv : null,
    keepOpen: pane.launch.keepOpen,
  };
}

export function homeRelative(path: string, home: string): string {
  if (path === home) return '~';
  return path.startsWith(home + sep) ? `~${path.slice(home.length)}` : path;
}

/** The program in the pane's foreground with its arguments, as a line to type; null at a prompt. */
function runningCommand(pane: Pane, o: CaptureOptions): string | null {
  const pid = pane.pid;
  if (pid === null) return null;
  const procs = o.procs ?? procProcessTable;
  const fg = procs.foreground(pid);
  if (!fg || fg.pid === pid || SHELLS.has(fg.program.replace(/^-/, ''))) return null;
  const cwd = procs.cwd(fg.pid) ?? pane.launch.cwd;
  const argv0 = fg.argv[0] ?? fg.program;
  let program = argv0;
  if (!argv0.includes('/')) {
    if (programProblem(argv0, { cwd, pathVar: o.pathVar }) !== null) program = exeOf(fg.pid) ?? argv0;
  } else if (!isAbsolute(argv0)) program = exeOf(fg.pid) ?? resolve(cwd, argv0);
  const args = fg.argv.slice(1);
  if (args.some((a) => /[\x00-\x1f\x7f]/.test(a))) return shellQuote(program);
  return [program, ...args].map(shellQuote).join(' ');
}

function exeOf(pid: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return null;
  }
}

/** One word for a POSIX shell: bare when safe, else single-quoted. */
export function shellQuote(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
