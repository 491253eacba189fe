'use client';
// One pane: the frame (title, cwd, agent and state, actions) around its terminal.
import type { PaneView as PaneRow } from '@rozi/server/view';
import { IconButton, PaneFrame } from '@rozi/ui';
import { useRouter } from 'next/navigation';
import type { SplitDirection } from '@rozi/server/model';
import { TerminalView } from '../terminal/TerminalView';
import { toggleChanges } from '../changes/changesStore';
import { WorktreeChip } from '../changes/WorktreeChip';
import { LogBadge } from '../sidebar/LogBadge';
import { StartingNotice } from './StartingNotice';

export interface PaneViewProps {
  pane: PaneRow;
  focused: boolean;
  zoomed: boolean;
  /** A word beside the title (a floating pane's kind). */
  badge?: string;
  onFocus(): void;
  onRun(actionId: string): void;
  onClose(): void;
  /** A double-click on the title: the Rename pane prompt. */
  onRename(): void;
  onZoom(): void;
  onSplit(direction: SplitDirection): void;
}

export function PaneView(props: PaneViewProps) {
  const { pane, focused, zoomed, badge, onFocus, onClose, onZoom, onSplit } = props;
  const router = useRouter();
  return (
    <PaneFrame
      paneId={pane.id}
      title={pane.title}
      cwd={pane.cwd}
      agentLabel={pane.status?.label ?? null}
      state={pane.status?.state ?? null}
      reportedStatus={
        pane.reported_status ? { status: pane.reported_status, reason: pane.status_reason } : null
      }
      badges={
        <>
          {badge && (
            <span
              data-pane-badge={badge}
              className="shrink-0 rounded bg-accent/15 px-1.5 text-[11px] text-accent"
            >
              {badge}
            </span>
          )}
          {pane.logging && <LogBadge />}
          {pane.worktree && <WorktreeChip worktree={pane.worktree} onOpen={() => toggleChanges(pane.key)} />}
        </>
      }
      focused={focused}
      zoomed={zoomed}
      exited={pane.exited}
      onHeaderMouseDown={onFocus}
      onHeaderDoubleClick={onZoom}
      onTitleDoubleClick={props.onRename}
      actions={
        <>
          <IconButton
            icon="agent"
            label="Teach rozi this agent…"
            onClick={() =>
              router.push(`/settings/agents/edit?pane=${encodeURIComponent(`${pane.session}:${pane.id}`)}`)
            }
          />
          <IconButton
            icon="splitRight"
            label={`Split pane ${pane.id} right`}
            onClick={() => onSplit('row')}
          />
          <IconButton
            icon="splitDown"
            label={`Split pane ${pane.id} down`}
            onClick={() => onSplit('column')}
          />
          <IconButton
            icon={zoomed ? 'unzoom' : 'zoom'}
            label={zoomed ? `Unzoom pane ${pane.id}` : `Zoom pane ${pane.id}`}
            onClick={onZoom}
          />
          <IconButton icon="close" label={`Close pane ${pane.id}`} onClick={onClose} />
        </>
      }
    >
      <TerminalView
        paneKey={pane.key}
        focused={focused}
        label={`pane ${pane.id} ${pane.title}`}
        onFocusRequest={onFocus}
        scrollback={pane.scrollback}
      />
      <StartingNotice starting={pane.starting} title={pane.title} />
    </PaneFrame>
  );
}
