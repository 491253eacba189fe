// rozi's version-1 profile (profiles.md, project-profiles.md): workspaces, each with a layout kind,
// an optional split tree and its panes (name, cwd, command or argv, keep_open). Pure: text in,
// a profile and the problems found out; a profile out, text. Reading never throws on a bad field:
// the field (or the pane, or the tree) is left out with one problem line, so a launch starts what
// it can. Only text that is not TOML at all, or that holds no pane, is refused as a whole.
import { parse, stringify } from 'smol-toml';
import type { LayoutKind, SplitDirection } from '../session/model';
import { isLayoutKind, LAYOUT_KINDS } from '../session/tiling';

/** A split tree over the workspace's pane ids (`pane`), or a split of children. */
export type ProfileTree =
  { pane: number } | { split: SplitDirection; ratios: number[]; children: ProfileTree[] };

export interface ProfilePane {
  id: number;
  name: string | null;
  cwd: string | null;
  command: string | null;
  argv: string[] | null;
  keepOpen: boolean;
}

export interface ProfileWorkspace {
  /** rozi's 0-based index: workspace `index + 1` here. */
  index: number;
  name: string | null;
  layout: LayoutKind | null;
  focusedPane: number | null;
  tree: ProfileTree | null;
  panes: ProfilePane[];
}

export interface Profile {
  version: 1;
  activeWorkspace: number;
  workspaces: ProfileWorkspace[];
}

export interface ProfileReading {
  profile: Profile | null;
  /** Every problem, one line each; with a profile, what was left out of it. */
  problems: string[];
}

export const PROFILE_NAME_RE = /^[A-Za-z0-9_-]{1,64}$/;
export const PROFILE_WORKSPACES = 9;

export function profileNameProblem(name: string): string | null {
  return PROFILE_NAME_RE.test(name)
    ? null
    : `invalid profile name '${name}': use letters, digits, _ or - (max 64)`;
}

type Table = Record<string, unknown>;
const isTable = (v: unknown): v is Table => v !== null && typeof v === 'object' && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

export function readProfile(text: string): ProfileReading {
  let root: Table;
  try {
    root = parse(text) as Table;
  } catch (err) {
    const first = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    return { profile: null, problems: [`not valid TOML: ${first}`] };
  }
  const problems: string[] = [];
  if (root.version !== undefined && root.version !== 1)
    problems.push(`version ${JSON.stringify(root.version)} is not 1; reading it as version 1`);
  const raw = Array.isArray(root.workspaces) ? root.workspaces : [];
  if (root.workspaces !== undefined && !Array.isArray(root.workspaces))
    problems.push('workspaces must be an array of tables ([[workspaces]])');
  const workspaces: ProfileWorkspace[] = [];
  raw.forEach((w, i) => {
    const ws = readWorkspace(w, { position: i, problems });
    if (!ws) return;
    if (workspaces.some((o) => o.index === ws.index)) {
      problems.push(`workspace index ${ws.index} appears twice; the second is left out`);
      return;
    }
    workspaces.push(ws);
  });
  workspaces.sort((a, b) => a.index - b.index);
  if (!workspaces.some((w) => w.panes.length > 0)) {
    problems.push('the profile has no pane to launch');
    return { profile: null, problems };
  }
  let activeWorkspace = isInt(root.active_workspace) ? root.active_workspace : (workspaces[0]?.index ?? 0);
  if (!workspaces.some((w) => w.index === activeWorkspace)) {
    if (root.active_workspace !== undefined)
      problems.push(`active_workspace ${JSON.stringify(root.active_workspace)} names no workspace`);
    activeWorkspace = workspaces[0]?.index ?? 0;
  }
  return { profile: { version: 1, activeWorkspace, workspaces }, problems };
}

function readWorkspace(w: unknown, o: { position: number; problems: string[] }): ProfileWorkspace | null {
  const where = `workspace ${o.position + 1}`;
  if (!isTable(w)) {
    o.problems.push(`${where} is not a table; left out`);
    return null;
  }
  const index = w.index === undefined ? o.position : w.index;
  if (!isInt(index) || index < 0 || index >= PROFILE_WORKSPACES) {
    o.problems.push(
      `${where}: index must be 0-${PROFILE_WORKSPACES - 1}, got ${JSON.stringify(index)}; left out`,
    );
    return null;
  }
  let layout: LayoutKind | null = null;
  if (w.layout !== undefined) {
    if (isLayoutKind(w.layout)) layout = w.layout;
    else
      o.problems.push(
        `${where}: layout must be one of ${LAYOUT_KINDS.join(', ')}, got ${JSON.stringify(w.layout)}; using the default`,
      );
  }
  const panes: ProfilePane[] = [];
  const rawPanes = Array.isArray(w.panes) ? w.panes : [];
  rawPanes.forEach((p, i) => {
    const pane = readPane(p, { where: `${where} pane ${i + 1}`, fallbackId: i, problems: o.problems });
    if (!pane) return;
    if (panes.some((q) => q.id === pane.id)) {
      o.problems.push(`${where}: pane id ${pane.id} appears twice; the second is left out`);
      return;
    }
    panes.push(pane);
  });
  const ids = new Set(panes.map((p) => p.id));
  let tree: ProfileTree | null = null;
  if (w.tree !== undefined) {
    const problem = treeProblem(w.tree, ids);
    if (problem) o.problems.push(`${where}: tree ${problem}; the panes are tiled in order instead`);
    else tree = w.tree as ProfileTree;
  }
  const focusedPane = isInt(w.focused_pane) && ids.has(w.focused_pane) ? w.focused_pane : null;
  return {
    index,
    name: typeof w.name === 'string' && w.name.trim() ? w.name : null,
    layout,
    focusedPane,
    tree,
    panes,
  };
}

function readPane(
  p: unknown,
  o: { where: string; fallbackId: number; problems: string[] },
): ProfilePane | null {
  if (!isTable(p)) {
    o.problems.push(`${o.where} is not a table; left out`);
    return null;
  }
  const id = isInt(p.id) && p.id >= 0 ? p.id : o.fallbackId;
  const str = (key: string): string | null => {
    const v = p[key];
    if (v === undefined) return null;
    if (typeof v === 'string' && v.trim() && !hasControl(v)) return v;
    o.problems.push(`${o.where}: ${key} must be a non-empty line of text; ignored`);
    return null;
  };
  const command = str('command');
  let argv: string[] | null = null;
  if (p.argv !== undefined) {
    if (
      Array.isArray(p.argv) &&
      p.argv.length > 0 &&
      p.argv.every((a) => typeof a === 'string' && !a.includes('\0'))
    )
      argv = p.argv as string[];
    else o.problems.push(`${o.where}: argv must be a non-empty array of strings; ignored`);
  }
  if (command !== null && argv !== null) {
    o.problems.push(`${o.where}: command and argv are exclusive; using command`);
    argv = null;
  }
  return {
    id,
    name: str('name'),
    cwd: str('cwd'),
    command,
    argv,
    keepOpen: p.keep_open === true,
  };
}

function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** Null when `tree` is a split tree naming each of `ids` exactly once; else what is wrong. */
export function treeProblem(tree: unknown, ids: ReadonlySet<number>): string | null {
  const seen = new Set<number>();
  const walk = (n: unknown, depth: number): string | null => {
    if (depth > 32) return 'is nested deeper than 32 levels';
    if (!isTable(n)) return 'has a node that is not a table';
    if (n.pane !== undefined) {
      if (!isInt(n.pane) || !ids.has(n.pane))
        return `names pane ${JSON.stringify(n.pane)}, which is not in the workspace`;
      // A pane reached twice would be one PTY in two places: the tree loops back on itself.
      if (seen.has(n.pane)) return `reaches pane ${n.pane} twice (a cycle)`;
      seen.add(n.pane);
      return null;
    }
    if (n.split !== 'row' && n.split !== 'column') return 'has a split that is neither "row" nor "column"';
    const children = n.children;
    const ratios = n.ratios;
    if (!Array.isArray(children) || children.length < 2) return 'has a split with fewer than two children';
    if (
      !Array.isArray(ratios) ||
      ratios.length !== children.length ||
      !ratios.every((r) => typeof r === 'number' && Number.isFinite(r) && r > 0)
    )
      return 'has a split whose ratios are not one positive number per child';
    for (const c of children) {
      const problem = walk(c, depth + 1);
      if (problem) return problem;
    }
    return null;
  };
  const problem = walk(tree, 0);
  if (problem) return problem;
  const missing = [...ids].filter((id) => !seen.has(id));
  return missing.length ? `leaves out pane ${missing.join(', ')}` : null;
}

/** The profile as rozi's TOML (keys in rozi's order; empty fields left out). */
export function writeProfile(p: Profile): string {
  const doc = {
    version: 1,
    active_workspace: p.activeWorkspace,
    workspaces: p.workspaces.map((w) => ({
      index: w.index,
      ...(w.name ? { name: w.name } : {}),
      ...(w.layout ? { layout: w.layout } : {}),
      ...(w.focusedPane !== null ? { focused_pane: w.focusedPane } : {}),
      panes: w.panes.map((pane) => ({
        id: pane.id,
        ...(pane.name ? { name: pane.name } : {}),
        ...(pane.cwd ? { cwd: pane.cwd } : {}),
        ...(pane.command ? { command: pane.command } : {}),
        ...(pane.argv ? { argv: pane.argv } : {}),
        ...(pane.keepOpen ? { keep_open: true } : {}),
      })),
      ...(w.tree ? { tree: w.tree } : {}),
    })),
  };
  return `# rozi profile (profiles.md): workspaces, layouts and each pane's cwd and command.\n${stringify(doc)}\n`;
}
