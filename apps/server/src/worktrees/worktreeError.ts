// Expected failures of worktree operations, each with a code from contract/codes.ts and a message
// that says what was wrong and what to do (one line, shown in the CLI and the browser alike).

import type { ErrorCode } from '../contract/codes';

export type WorktreeErrorCode =
  /** The pane's directory is not inside a git work tree. */
  | 'not-a-repo'
  /** `--branch` names a branch that already exists. */
  | 'branch-exists'
  /** Uncommitted work stands in the way (remove without --force, merge into a dirty base). */
  | 'dirty'
  /** The project's setup command has not been approved for this content. */
  | 'setup-unapproved'
  /** The worktree's directory is gone (deleted by hand) or was never rozi's. */
  | 'worktree-missing'
  /** Submodules, or LFS without git-lfs: a worktree would be incomplete. */
  | 'unsupported-repo'
  /** The merge stopped on conflicts; the base was left as it was. */
  | 'merge-conflict'
  /** `gh` is not installed. */
  | 'no-gh'
  /** `gh pr create` ran and failed (its first stderr line is the message). */
  | 'gh-failed'
  | 'git-failed'
  | 'too-large'
  | 'invalid'
  | 'not-found';

// Every code has a row in the one table (a new one without a row fails to compile here).
const covered: readonly ErrorCode[] = [] as WorktreeErrorCode[];
void covered;

export class WorktreeError extends Error {
  constructor(
    readonly code: WorktreeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WorktreeError';
  }
}
