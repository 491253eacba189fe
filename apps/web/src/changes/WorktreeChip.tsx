'use client';
// An agent worktree at a glance, for pane headers and the sidebar: branch, commits ahead/behind
// its base, uncommitted files. Clicking it opens the pane's Changes view.
import type { PaneWorktreeView } from '@rozi/server/view';
import { FOCUS_RING, Icon } from '@rozi/ui';

export function worktreeSummary(w: PaneWorktreeView): string {
  if (w.missing) return `${w.branch}: worktree deleted`;
  const parts = [`${w.branch} (from ${w.base})`, `${w.ahead} ahead`, `${w.behind} behind`];
  parts.push(w.dirty ? `${w.dirty} uncommitted` : 'clean');
  if (w.turns) parts.push(`${w.turns} turn${w.turns === 1 ? '' : 's'}`);
  return parts.join(', ');
}

export function WorktreeChip({
  worktree: w,
  onOpen,
  compact,
}: {
  worktree: PaneWorktreeView;
  onOpen?(): void;
  compact?: boolean;
}) {
  const body = (
    <>
      <Icon name="branch" size={11} />
      <span className="max-w-40 truncate font-mono">{w.branch}</span>
      {!compact && (w.ahead > 0 || w.behind > 0) && (
        <span className="font-mono text-muted">
          {w.ahead > 0 ? `↑${w.ahead}` : ''}
          {w.behind > 0 ? `↓${w.behind}` : ''}
        </span>
      )}
      {w.missing ? (
        <span className="text-danger">gone</span>
      ) : w.dirty > 0 ? (
        <span className="text-blocked" aria-hidden="true">
          ●{compact ? '' : w.dirty}
        </span>
      ) : null}
    </>
  );
  const cls = `inline-flex shrink-0 items-center gap-1 rounded bg-surface-3 px-1.5 text-[11px] text-fg/90`;
  return onOpen ? (
    <button
      type="button"
      data-worktree-chip={w.branch}
      title={`${worktreeSummary(w)} — show changes`}
      aria-label={`Changes of ${worktreeSummary(w)}`}
      onMouseDown={(e) => e.stopPropagation()}
      onClick={onOpen}
      className={`${cls} hover:bg-accent/20 ${FOCUS_RING}`}
    >
      {body}
    </button>
  ) : (
    <span data-worktree-chip={w.branch} title={worktreeSummary(w)} className={cls}>
      {body}
    </span>
  );
}
