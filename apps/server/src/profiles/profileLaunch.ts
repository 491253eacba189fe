// Launch a profile (profiles.md, Command lifetime): each pane starts the interactive shell in its
// cwd and a pane with a `command` has it typed at the shell's first prompt, so aliases and rc-file
// PATH resolve and the pane returns to its prompt when the command ends; `argv` runs a program
// directly. Into a new session (`rozi new NAME --profile P`, the picker's launch) or over a live
// one (replace: the new panes start first, then every old pane ends, so the session, its name and
// its clients stay). What cannot start is one problem line and the pane starts what it can: a
// missing cwd starts in the fallback directory, a missing argv program starts a shell.
import { resolve } from 'node:path';
import { expandHome } from '../config/paths';
import { paneIds } from '../session/layout';
import type { LaunchRequest, SessionManager } from '../session/manager';
import type { LayoutNode, PaneId } from '../session/model';
import type { Pane } from '../session/pane';
import { programProblem } from '../session/programLookup';
import { isDirectory, type Session, type Tab } from '../session/sessionState';
import { setTabKind, showFocused } from '../session/tabLayout';
import { tabOfWorkspace } from '../session/workspaces';
import type { Profile, ProfilePane, ProfileTree, ProfileWorkspace } from './profileModel';

/** How long a typed command waits for the shell's first prompt before it is typed ahead anyway. */
export const FIRST_PROMPT_WAIT_MS = 5000;
/** Output quiet for this long after the shell started counts as its prompt being drawn. */
export const PROMPT_QUIET_MS = 150;

export interface LaunchEnv {
  home: string;
  pathVar: string | undefined;
  /** Where a pane without a usable cwd starts. */
  fallbackCwd: string;
}

export interface LaunchOutcome {
  session: Session;
  panes: number;
  problems: string[];
}

interface Planned {
  ws: ProfileWorkspace;
  launches: { pane: ProfilePane; req: LaunchRequest; type: string | null }[];
}

function plan(profile: Profile, env: LaunchEnv, problems: string[]): Planned[] {
  return profile.workspaces
    .filter((w) => w.panes.length > 0)
    .map((ws) => ({
      ws,
      launches: ws.panes.map((pane) => launchOf(pane, { env, problems, where: whereOf(ws, pane) })),
    }));
}

function whereOf(ws: ProfileWorkspace, pane: ProfilePane): string {
  return `workspace ${ws.index + 1} pane ${pane.id}${pane.name ? ` (${pane.name})` : ''}`;
}

function launchOf(
  pane: ProfilePane,
  o: { env: LaunchEnv; problems: string[]; where: string },
): Planned['launches'][number] {
  let cwd = o.env.fallbackCwd;
  if (pane.cwd !== null) {
    const want = resolve(o.env.home, expandHome(pane.cwd, o.env.home));
    if (isDirectory(want)) cwd = want;
    else o.problems.push(`${o.where}: cwd ${pane.cwd} is not a directory; starting in ${cwd}`);
  }
  let argv = pane.argv;
  if (argv) {
    const problem = programProblem(argv[0] as string, { cwd, pathVar: o.env.pathVar });
    if (problem) {
      o.problems.push(`${o.where}: ${problem}; starting a shell instead`);
      argv = null;
    }
  }
  if (pane.command) {
    const word = firstWord(pane.command);
    const problem = word ? programProblem(word, { cwd, pathVar: o.env.pathVar }) : null;
    if (problem)
      o.problems.push(`${o.where}: ${problem} (typed anyway: a shell alias or function may define it)`);
  }
  return {
    pane,
    req: { cwd, title: pane.name, argv, keepOpen: argv ? pane.keepOpen : false },
    type: argv ? null : pane.command,
  };
}

/** The program a command line starts, when it is a plain word a PATH lookup can judge. */
function firstWord(command: string): string | null {
  const word = command.trim().split(/\s+/)[0] ?? '';
  if (!/^[A-Za-z0-9_.+/-]+$/.test(word) || word.includes('=')) return null;
  return BUILTINS.has(word) ? null : word;
}

const BUILTINS = new Set([
  'cd',
  'exec',
  'export',
  'source',
  '.',
  'eval',
  'set',
  'unset',
  'alias',
  'echo',
  'printf',
  'test',
  'true',
  'false',
  'exit',
  'time',
  'nohup',
  'builtin',
  'command',
  'ulimit',
  'umask',
  'wait',
  'read',
  'trap',
  'history',
  'fg',
  'bg',
  'jobs',
  'pwd',
  'type',
  'hash',
]);

/** A new session `name` from the profile. */
export async function launchNew(
  m: SessionManager,
  o: { profile: Profile; name: string; env: LaunchEnv },
): Promise<LaunchOutcome> {
  const problems: string[] = [];
  const planned = plan(o.profile, o.env, problems);
  const first = planned[0];
  const firstLaunch = first?.launches[0];
  if (!first || !firstLaunch) throw new Error('a profile without panes reached launch');
  const { session, pane } = m.createSession({ name: o.name, launch: firstLaunch.req });
  const firstTab = session.tab(pane.tab);
  firstTab.workspace = first.ws.index + 1; // the only tab so far: its number is free
  const made = await build(m, { session, planned, firstPane: pane });
  finish(m, { session, profile: o.profile, made });
  return { session, panes: made.reduce((n, w) => n + w.panes.length, 0), problems };
}

/** Replaces every pane of `session` with the profile's; the session and its clients stay. */
export async function launchOver(
  m: SessionManager,
  o: { profile: Profile; session: Session; env: LaunchEnv },
): Promise<LaunchOutcome> {
  const problems: string[] = [];
  const planned = plan(o.profile, o.env, problems);
  const old = [...o.session.panes.values()];
  const made = await build(m, { session: o.session, planned, firstPane: null });
  for (const p of old) await m.killPane(p);
  finish(m, { session: o.session, profile: o.profile, made });
  return { session: o.session, panes: made.reduce((n, w) => n + w.panes.length, 0), problems };
}

interface Made {
  ws: ProfileWorkspace;
  tab: Tab;
  panes: Pane[];
}

async function build(
  m: SessionManager,
  o: { session: Session; planned: Planned[]; firstPane: Pane | null },
): Promise<Made[]> {
  const made: Made[] = [];
  const typing: Promise<void>[] = [];
  for (const { ws, launches } of o.planned) {
    const panes: Pane[] = [];
    let tab: Tab | undefined;
    for (const l of launches) {
      let pane: Pane;
      if (panes.length === 0 && o.firstPane && made.length === 0) pane = o.firstPane;
      else if (panes.length === 0) {
        tab = tabOfWorkspace(o.session, ws.index + 1);
        const beside = tab ? o.session.panes.get(tab.focusedPaneId) : undefined;
        if (tab && beside) pane = m.split(beside, { direction: 'auto', launch: l.req });
        else pane = m.createTab(o.session, { workspace: ws.index + 1, launch: l.req, select: false }).pane;
      } else pane = m.split(panes[panes.length - 1] as Pane, { direction: 'auto', launch: l.req });
      panes.push(pane);
      if (l.type) typing.push(typeAtFirstPrompt(pane, l.type));
    }
    tab = o.session.tab((panes[0] as Pane).tab);
    if (ws.name) tab.name = ws.name;
    made.push({ ws, tab, panes });
  }
  await Promise.all(typing);
  return made;
}

function finish(m: SessionManager, o: { session: Session; profile: Profile; made: Made[] }): void {
  const t = m.tilingContext(o.session);
  for (const { ws, tab, panes } of o.made) {
    const ids = panes.map((p) => p.id);
    if (ws.tree && (ws.layout ?? tab.layoutKind) === 'dwindle') {
      tab.layoutKind = 'dwindle';
      tab.layout = mapTree(ws.tree, new Map(ws.panes.map((p, i) => [p.id, ids[i] as PaneId])));
    } else if (ws.layout) setTabKind(tab, ws.layout, t);
    else if (paneIds(tab.layout).length !== ids.length) setTabKind(tab, tab.layoutKind, t);
    const focusAt = ws.focusedPane === null ? 0 : ws.panes.findIndex((p) => p.id === ws.focusedPane);
    tab.focusedPaneId = ids[Math.max(0, focusAt)] ?? tab.focusedPaneId;
    tab.zoomedPaneId = null;
    showFocused(tab);
  }
  const active = o.made.find((w) => w.ws.index === o.profile.activeWorkspace) ?? o.made[0];
  if (active) m.selectTab(o.session, active.tab.id);
  m.bus.workspaceChanged();
}

function mapTree(tree: ProfileTree, ids: Map<number, PaneId>): LayoutNode {
  if ('pane' in tree) return { type: 'pane', paneId: ids.get(tree.pane) as PaneId };
  const sum = tree.ratios.reduce((a, b) => a + b, 0);
  return {
    type: 'split',
    direction: tree.split,
    ratios: tree.ratios.map((r) => r / sum),
    children: tree.children.map((c) => mapTree(c, ids)),
  };
}

/**
 * Types `command` and Enter once the shell drew its first prompt: its first output followed by a
 * quiet spell, or FIRST_PROMPT_WAIT_MS at most (the terminal keeps what is typed ahead).
 */
export function typeAtFirstPrompt(pane: Pane, command: string): Promise<void> {
  return new Promise((done) => {
    let quiet: NodeJS.Timeout | null = null;
    const type = () => {
      off();
      clearTimeout(limit);
      if (quiet) clearTimeout(quiet);
      pane.write(`${command}\r`);
      done();
    };
    const off = pane.onOutput(() => {
      if (quiet) clearTimeout(quiet);
      quiet = setTimeout(type, PROMPT_QUIET_MS);
    });
    const limit = setTimeout(type, FIRST_PROMPT_WAIT_MS);
    if (pane.ring.end > 0) quiet = setTimeout(type, PROMPT_QUIET_MS);
  });
}
