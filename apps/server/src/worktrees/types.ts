// Worktree shapes the browser reads (by `import type`): a pane header's line and a full row.
import type { WorktreeRecord } from './registry';
import type { WorktreeStatus } from './worktreeStatus';

/** A pane working in a worktree rozi made: what its header and the sidebar show. */
export interface PaneWorktreeView {
  id: string;
  branch: string;
  base: string;
  ahead: number;
  behind: number;
  dirty: number;
  /** Finished turns (checkpoints after the base). */
  turns: number;
  missing: boolean;
  /** Changes when any file of the worktree changes (the Changes view refetches then). */
  stamp: string;
  /** The remote host the worktree lives on (set by remote/nameTranslation.ts); absent: this machine. */
  host?: string;
}

export interface WorktreeView extends WorktreeRecord {
  status: WorktreeStatus;
  turns: number;
  /** The remote host it lives on (worktrees.list merges every host's); absent or null: this machine. */
  host?: string | null;
}
