'use client';
// "New agent…": the first-class agents by command, each marked available or not found on PATH,
// and a custom command that starts the same way (unlabelled). The user picks where it starts.
import { Button, Dialog, Field, FOCUS_RING, handleListKeys, Icon, TextInput } from '@rozi/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../api/trpcClient';
import type { WorkspaceApi } from '../model/workspaceApi';
import type { LauncherPlacement } from './launcherModel';
import { launchAt, PLACEMENTS } from './launcherModel';
import type { StartPane } from './paneLanding';
import { DirectoryInput } from '../fields/DirectoryInput';
import { SetupApproval, useWorktreeLaunch, WorktreeOptions } from './worktreeLaunch';

export interface LauncherDialogProps {
  open: boolean;
  initialPlacement: LauncherPlacement;
  onClose(): void;
  api: WorkspaceApi;
  session: string | undefined;
  /** The remote host of `session` (null: this machine): its PATH decides what is available. */
  host: string | null;
  paneKey: number | undefined;
  defaultFolder: string | null;
  onLaunched(session: string | undefined): void;
  /** A launch the server refused after the launcher closed (no pane came of it). */
  onFailed(message: string): void;
  /** Lands on the launched pane (the workspace's ui.startPane). */
  startPane: StartPane;
}

export function LauncherDialog(props: LauncherDialogProps) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title="New agent"
      widthClass="w-[min(620px,calc(100vw-2rem))]"
    >
      {props.open && <LauncherBody {...props} />}
    </Dialog>
  );
}

function LauncherBody({
  initialPlacement,
  onClose,
  api,
  session,
  host,
  paneKey,
  defaultFolder,
  onLaunched,
  onFailed,
  startPane,
}: LauncherDialogProps) {
  const trpc = useTRPC();
  const noSession = session === undefined;
  const [placement, setPlacement] = useState<LauncherPlacement>(noSession ? 'new-session' : initialPlacement);
  // A new tab or split runs on the session's host; a new session here.
  const runsOn = placement === 'new-session' ? null : host;
  const launchers = useQuery(
    trpc.launchers.list.queryOptions(runsOn ? { host: runsOn } : undefined, { staleTime: 10_000 }),
  );
  const pathOf = runsOn ? `${runsOn}'s PATH` : "the server's PATH";
  const [custom, setCustom] = useState('');
  const [folder, setFolder] = useState(defaultFolder ?? '');
  const [sessionName, setSessionName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const wt = useWorktreeLaunch({ paneKey });

  // In a worktree the launcher stays open until the server answers: git has work to do first, and a
  // setup command may need approving here.
  const launchInWorktree = (command: string, approve?: string) => {
    setError(null);
    wt.start(command, { approve, placement }).then(
      (key) => {
        if (key === null) return;
        onClose();
        onLaunched(session);
        void startPane(() => Promise.resolve(key));
      },
      (err: unknown) => setError(err instanceof Error ? err.message : String(err)),
    );
  };

  // Immediate: the launcher closes at once; the server places the pane (focused, shown as
  // starting) before the program is up; keys typed meanwhile are held and sent to the new pane,
  // never to the one the launcher was opened from (paneLanding.ts; on the phone it opens full
  // screen at once).
  const launch = (command: string) => {
    if (!command.trim()) {
      setError('Type a command to run, e.g. npm test');
      return;
    }
    if (wt.on && placement !== 'new-session') {
      launchInWorktree(command.trim());
      return;
    }
    onClose();
    startPane(
      () =>
        launchAt(api, { placement, session, paneKey, folder, sessionName }, { command: command.trim() }).then(
          (landed) => {
            onLaunched(landed.session);
            return landed.paneKey;
          },
        ),
      { hold: true },
    ).catch((err: unknown) =>
      onFailed(`Could not start ${command.trim()}: ${err instanceof Error ? err.message : String(err)}`),
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-1.5 text-[12px] font-medium text-fg">Where</legend>
        <div
          role="radiogroup"
          aria-label="Where to start it"
          className="grid grid-cols-2 gap-1.5 sm:grid-cols-4"
          // A radio group is one Tab stop; the arrows move the choice (WAI-ARIA radio group).
          onKeyDown={(e) =>
            handleListKeys(e, {
              items: '[role=radio]',
              orientation: 'grid',
              onMove: (item) => {
                const id = item.dataset.placement as LauncherPlacement | undefined;
                if (id) setPlacement(id);
              },
            })
          }
        >
          {PLACEMENTS.map((p) => {
            // A worktree is made of a pane's repository: not in a new session.
            const disabled = (noSession && p.id !== 'new-session') || (wt.on && p.id === 'new-session');
            return (
              <button
                key={p.id}
                type="button"
                role="radio"
                data-placement={p.id}
                tabIndex={placement === p.id ? 0 : -1}
                aria-checked={placement === p.id}
                disabled={disabled}
                onClick={() => setPlacement(p.id)}
                className={`h-8 rounded-md border px-2 text-[12px] disabled:opacity-40 ${placement === p.id ? 'border-accent bg-accent/15 text-fg' : 'border-line text-muted hover:text-fg'} ${FOCUS_RING}`}
              >
                {p.label}
              </button>
            );
          })}
        </div>
      </fieldset>
      <WorktreeOptions wt={wt} disabled={noSession || paneKey === undefined || placement === 'new-session'} />
      <SetupApproval wt={wt} onApprove={(command, digest) => launchInWorktree(command, digest)} />
      {placement === 'new-session' && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field
            label="Directory"
            hint="Panes of the session start here; sessions sharing a directory are grouped."
          >
            {(id, describedBy) => (
              <DirectoryInput
                id={id}
                aria-describedby={describedBy}
                value={folder}
                placeholder="~/src/project"
                onValueChange={setFolder}
              />
            )}
          </Field>
          <Field label="Session name" hint="Optional.">
            {(id, describedBy) => (
              <TextInput
                id={id}
                aria-describedby={describedBy}
                value={sessionName}
                onChange={(e) => setSessionName(e.target.value)}
              />
            )}
          </Field>
        </div>
      )}
      <div>
        <h3 className="mb-1.5 text-[12px] font-medium text-fg">
          {runsOn ? `Agents on ${runsOn}` : 'Agents'}
        </h3>
        {launchers.isLoading && <p className="text-[12px] text-muted">Looking for agents on {pathOf}…</p>}
        {launchers.error && (
          <p className="text-[12px] text-danger">Could not list agents: {launchers.error.message}</p>
        )}
        <ul className="grid grid-cols-1 gap-1.5 sm:grid-cols-2" aria-label="Agents">
          {launchers.data?.map((agent) => (
            <li key={agent.id}>
              <button
                type="button"
                disabled={!agent.available}
                onClick={() => launch(agent.command)}
                data-agent={agent.command}
                title={
                  agent.available
                    ? `Run ${agent.command} (${agent.path})`
                    : `${agent.command} was not found on ${pathOf}`
                }
                className={`flex w-full items-center gap-2 rounded-md border border-line px-3 py-2 text-left hover:bg-surface-2 disabled:cursor-not-allowed disabled:hover:bg-transparent ${FOCUS_RING}`}
              >
                <Icon name="agent" size={14} className={agent.available ? 'text-accent' : 'text-muted/50'} />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className={`truncate text-[13px] ${agent.available ? 'text-fg' : 'text-muted'}`}>
                    {agent.label}
                  </span>
                  <span className="font-mono text-[11px] text-muted">{agent.command}</span>
                </span>
                <span
                  className={`shrink-0 rounded-full px-1.5 text-[10px] ${agent.available ? 'bg-done/15 text-done' : 'bg-surface-3 text-muted'}`}
                >
                  {agent.available ? 'available' : 'not found on PATH'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          launch(custom);
        }}
        className="flex flex-col gap-1.5"
      >
        <label htmlFor="rozi-custom-command" className="text-[12px] font-medium text-fg">
          Custom command
        </label>
        <div className="flex gap-2">
          <TextInput
            id="rozi-custom-command"
            autoFocus
            className="flex-1 font-mono"
            placeholder="any command, e.g. htop or npm run dev"
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
          />
          <Button type="submit" variant="primary">
            Launch
          </Button>
        </div>
      </form>
      {error && (
        <p role="alert" className="text-[12px] text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
