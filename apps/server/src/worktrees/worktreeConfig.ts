// [worktrees] in config.toml: where new worktrees go and which file is the project's setup
// command. Read from the config store at each creation, so an edit applies to the next agent.
//   [worktrees]
//   dir = "~/worktrees"      # default: beside the repository (<parent>/<repo>-<branch>)
//   setup = ".rozi/setup"    # relative to the repository's top level
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { configStore } from '../config/configStore';
import { expandHome } from '../config/paths';
import { DEFAULT_SETUP_PATH } from './setupApproval';

export interface WorktreeSettings {
  /** null: a sibling of the repository. */
  dir: string | null;
  setup: string;
  warnings: string[];
}

export function readWorktreeSettings(o: { configFile: string; home: string }): WorktreeSettings {
  const table = configStore(o.configFile).current().root.worktrees;
  const warnings: string[] = [];
  const t = table !== null && typeof table === 'object' ? (table as Record<string, unknown>) : {};
  const str = (key: string): string | null => {
    const v = t[key];
    if (v === undefined) return null;
    if (typeof v === 'string' && v.trim() !== '') return v;
    warnings.push(`${o.configFile}: [worktrees] ${key} must be a non-empty string; using the default`);
    return null;
  };
  const dir = str('dir');
  return {
    dir: dir === null ? null : expandHome(dir, o.home),
    setup: str('setup') ?? DEFAULT_SETUP_PATH,
    warnings,
  };
}

/** `rozi/agent-1a2b` → `rozi-agent-1a2b`: one path segment. */
export function branchSlug(branch: string): string {
  return branch.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'worktree';
}

/** Where the worktree of `branch` goes: `<dir>/<repo>-<slug>`, `dir` defaulting to the repository's parent. */
export function worktreeDir(o: { repo: string; branch: string; dir: string | null }): string {
  const parent = o.dir === null ? dirname(o.repo) : isAbsolute(o.dir) ? o.dir : resolve(o.repo, o.dir);
  return join(parent, `${basename(o.repo)}-${branchSlug(o.branch)}`);
}
