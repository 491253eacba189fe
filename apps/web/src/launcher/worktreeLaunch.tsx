'use client';
// "In a new worktree": the launcher's side of `rozi agents new --worktree`. The agent gets its own
// branch and worktree of the focused pane's repository and opens in a new tab or a split beside
// that pane (the launcher's "Where"; a new session has no pane whose repository to use). When the
// project declares a setup command the person has not approved yet, the server refuses and the
// launcher shows the script with its digest; approving runs it once in the new pane, before the agent.
import { Button, Field, TextInput, Toggle } from '@rozi/ui';
import { useState } from 'react';
import { useTRPCClient } from '../api/trpcClient';
import type { LauncherPlacement } from './launcherModel';

interface SetupAsk {
  path: string;
  content: string;
  digest: string;
  command: string;
}

const codeOf = (err: unknown): string | undefined =>
  (err as { data?: { roziCode?: string } } | null)?.data?.roziCode;

export function useWorktreeLaunch(o: { paneKey: number | undefined }) {
  const client = useTRPCClient();
  const [on, setOn] = useState(false);
  const [branch, setBranch] = useState('');
  const [base, setBase] = useState('');
  const [busy, setBusy] = useState(false);
  const [ask, setAsk] = useState<SetupAsk | null>(null);

  /** Resolves with the new pane's key; throws the server's one-line refusal. Null: waiting for approval. */
  const start = async (
    command: string,
    o2: { approve?: string; placement?: LauncherPlacement } = {},
  ): Promise<number | null> => {
    const { approve, placement } = o2;
    const split = placement === 'split-right' ? 'row' : placement === 'split-down' ? 'column' : undefined;
    if (o.paneKey === undefined) throw new Error('there is no pane whose repository to use');
    const source = { key: o.paneKey, ...(base.trim() ? { base: base.trim() } : {}) };
    setBusy(true);
    try {
      const r = await client.worktrees.launch.mutate({
        ...source,
        command,
        ...(branch.trim() ? { branch: branch.trim() } : {}),
        ...(approve ? { approveSetup: approve } : {}),
        ...(split ? { split } : {}),
      });
      setAsk(null);
      return r.pane.key;
    } catch (err) {
      if (codeOf(err) !== 'setup-unapproved') throw err;
      const setup = await client.worktrees.setup.query(source);
      if (!setup) throw err;
      setAsk({ ...setup, command });
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { on, setOn, branch, setBranch, base, setBase, busy, ask, setAsk, start };
}

export type WorktreeLaunch = ReturnType<typeof useWorktreeLaunch>;

export function WorktreeOptions({ wt, disabled }: { wt: WorktreeLaunch; disabled: boolean }) {
  return (
    <div className="flex flex-col gap-2 rounded-md border border-line p-2.5">
      <Toggle
        checked={wt.on}
        onChange={wt.setOn}
        disabled={disabled}
        label="In a new worktree"
        description="Its own branch and git worktree of the focused pane's repository, opened in a new tab or a split beside it."
      />
      {wt.on && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label="Branch" hint="Optional; rozi/<agent>-<hex> when empty.">
            {(id, describedBy) => (
              <TextInput
                id={id}
                aria-describedby={describedBy}
                value={wt.branch}
                placeholder="rozi/fix-login"
                onChange={(e) => wt.setBranch(e.target.value)}
              />
            )}
          </Field>
          <Field label="Base" hint="Optional; the checkout's branch when empty.">
            {(id, describedBy) => (
              <TextInput
                id={id}
                aria-describedby={describedBy}
                value={wt.base}
                placeholder="main"
                onChange={(e) => wt.setBase(e.target.value)}
              />
            )}
          </Field>
        </div>
      )}
    </div>
  );
}

export function SetupApproval({
  wt,
  onApprove,
}: {
  wt: WorktreeLaunch;
  onApprove(command: string, digest: string): void;
}) {
  const ask = wt.ask;
  if (!ask) return null;
  return (
    <div
      role="alertdialog"
      aria-label="Approve the setup command"
      data-setup-approval=""
      className="flex flex-col gap-2 rounded-md border border-blocked/60 bg-blocked/10 p-2.5 text-[12px]"
    >
      <p className="text-fg">
        This project runs <code className="font-mono">{ask.path}</code> in each new worktree. Read it: it runs
        once you approve this exact content (sha256{' '}
        <code className="font-mono">{ask.digest.slice(0, 12)}…</code>).
      </p>
      <pre className="max-h-48 overflow-auto rounded border border-line bg-term p-2 font-mono text-[11px] text-fg">
        {ask.content}
      </pre>
      <div className="flex justify-end gap-1.5">
        <Button onClick={() => wt.setAsk(null)}>Cancel</Button>
        <Button variant="primary" disabled={wt.busy} onClick={() => onApprove(ask.command, ask.digest)}>
          Approve and start
        </Button>
      </div>
    </div>
  );
}
