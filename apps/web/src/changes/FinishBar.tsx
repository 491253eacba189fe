'use client';
// Finishing from the Changes view: commit (with a message), merge into the base, open a pull
// request with gh, discard, or remove the worktree. Each refusal (uncommitted work, a dirty
// base, conflicts, no gh) is the server's one line, shown here.
import type { PaneWorktreeView } from '@rozi/server/view';
import { Button, FOCUS_RING } from '@rozi/ui';
import { useState } from 'react';
import { useTRPCClient } from '../api/trpcClient';

type Action = 'commit' | 'merge' | 'pr' | 'discard' | 'remove';

export function FinishBar({
  worktree,
  onRemoved,
  onFinished,
}: {
  worktree: PaneWorktreeView;
  onRemoved(): void;
  /** A commit, merge or pull request went through: what the view shows is out of date. */
  onFinished(): void;
}) {
  const client = useTRPCClient();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<Action | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirm, setConfirm] = useState<Action | null>(null);

  // A worktree on a remote host is named by the host's id: the call goes there (host routing).
  const where = { worktree: worktree.id, ...(worktree.host ? { host: worktree.host } : {}) };
  const run = async (action: Action) => {
    setBusy(action);
    setOutcome(null);
    try {
      if (action === 'remove') {
        const r = await client.worktrees.remove.mutate(where);
        setOutcome({ ok: true, text: `Removed ${r.removed}; branch ${r.branch} kept.` });
        onRemoved();
        return;
      }
      const r = await client.worktrees.finish.mutate({
        ...where,
        action,
        ...(action === 'commit' ? { message } : {}),
      });
      if ('url' in r) setOutcome({ ok: true, text: `Pull request: ${r.url}` });
      else if ('into' in r)
        setOutcome({ ok: true, text: `Merged into ${r.into} (${(r.commit ?? '').slice(0, 10)}).` });
      else if ('removed' in r) {
        setOutcome({ ok: true, text: `Discarded: ${r.removed} removed, branch deleted.` });
        onRemoved();
      } else {
        setOutcome({ ok: true, text: `Committed ${(r.commit ?? '').slice(0, 10)}.` });
        setMessage('');
      }
      // Read again now rather than on the header's next status poll: after a merge the worktree's
      // files and HEAD are as they were, and the view kept listing the merged changes.
      if (!('removed' in r)) onFinished();
    } catch (err) {
      setOutcome({ ok: false, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(null);
      setConfirm(null);
    }
  };

  const danger = (action: 'discard' | 'remove', label: string) =>
    confirm === action ? (
      <Button variant="danger" disabled={busy !== null} onClick={() => void run(action)}>
        Really {label.toLowerCase()}?
      </Button>
    ) : (
      <Button disabled={busy !== null} onClick={() => setConfirm(action)}>
        {label}
      </Button>
    );

  return (
    <div className="flex flex-col gap-1.5 border-t border-line bg-surface px-3 py-2 text-[12px]">
      <form
        className="flex items-center gap-1.5"
        onSubmit={(e) => {
          e.preventDefault();
          if (message.trim()) void run('commit');
        }}
      >
        <input
          aria-label="Commit message"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder={
            worktree.dirty
              ? `Commit ${worktree.dirty} change${worktree.dirty === 1 ? '' : 's'} on ${worktree.branch}…`
              : 'Nothing to commit'
          }
          className={`h-8 min-w-0 flex-1 rounded-md border border-line bg-surface-2 px-2 text-[12px] text-fg ${FOCUS_RING}`}
        />
        <Button type="submit" disabled={busy !== null || !message.trim()}>
          Commit
        </Button>
        <Button
          disabled={busy !== null}
          onClick={() => void run('merge')}
          title={`Merge ${worktree.branch} into ${worktree.base}`}
        >
          Merge into {worktree.base}
        </Button>
        <Button disabled={busy !== null} onClick={() => void run('pr')}>
          Open PR
        </Button>
        {danger('discard', 'Discard')}
        {danger('remove', 'Remove')}
      </form>
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          data-finish-outcome={outcome.ok ? 'ok' : 'refused'}
          className={outcome.ok ? 'text-done' : 'text-danger'}
        >
          {outcome.text}
        </p>
      )}
    </div>
  );
}
