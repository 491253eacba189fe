'use client';
// The sidebar: sessions (grouped by host when some live on remote hosts, each host with its link
// state, then into folders by their directory) → tabs → panes, each with its state badge, each
// session and folder with the rollup of what it contains.
import type { SessionInfo, TabInfo } from '@rozi/server/model';
import type { PaneView } from '@rozi/server/view';
import {
  countStates,
  FOCUS_RING,
  handleListKeys,
  Icon,
  IconButton,
  mostUrgent,
  FitText,
  returnFocus,
  Rollup,
  StatusBadge,
} from '@rozi/ui';
import { useMemo, useState } from 'react';
import type { WorkspaceView } from '../cache/useWorkspace';
import { basename } from '../model/paths';
import { HostHeader } from './HostHeader';
import { renameOnF2 } from './renameKey';
import { WorktreeChip } from '../changes/WorktreeChip';
import { groupByHost, shortSessionName, type FolderGroup } from './sessionGroups';

export interface SidebarProps {
  workspace: WorkspaceView;
  activeSession: string | undefined;
  onSelectSession(name: string): void;
  onSelectTab(session: string, tab: number): void;
  onFocusPane(pane: PaneView): void;
  /** Double-click or F2 on a tab row / pane row (a session row renames through onSessionMenu). */
  onRenameTab(session: string, tab: TabInfo): void;
  onRenamePane(pane: PaneView): void;
  onNewSession(): void;
  onSessionMenu(session: SessionInfo, action: 'rename' | 'kill' | 'folder'): void;
  onOpenActivity(): void;
  onNewAgent(): void;
}

export function Sidebar(props: SidebarProps) {
  const { workspace } = props;
  const sessions = workspace.data?.sessions ?? [];
  const hostGroups = useMemo(() => groupByHost(sessions), [sessions]);
  // Host headers only once some session lives elsewhere: a one-machine sidebar stays as it was.
  const showHosts = hostGroups.some((g) => g.host !== null);
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  const toggle = (key: string, now: boolean) => setCollapsed((c) => ({ ...c, [key]: !now }));

  return (
    <nav aria-label="Sessions" className="flex h-full min-h-0 flex-col bg-surface">
      <div className="flex h-10 shrink-0 items-center gap-2 border-b border-line px-3">
        <span className="flex items-center gap-1.5 text-[13px] font-semibold tracking-tight text-fg">
          <span aria-hidden="true" className="inline-block size-3.5 rounded-[4px] bg-accent" />
          rozi
        </span>
        <div className="ml-auto flex items-center gap-0.5">
          <IconButton icon="activity" label="Activity" onClick={props.onOpenActivity} />
          <IconButton icon="plus" label="New session" onClick={props.onNewSession} />
        </div>
      </div>
      <div
        className="min-h-0 flex-1 overflow-y-auto py-1"
        // Up/Down walk hosts, folders, sessions, tabs and panes in the order they are drawn (the
        // per-row option buttons and their menus keep Tab).
        onKeyDown={(e) => handleListKeys(e, { items: 'button:not([aria-haspopup]):not([role=menuitem])' })}
      >
        {sessions.length === 0 && <p className="px-3 py-4 text-[12px] text-muted">No sessions yet.</p>}
        {hostGroups.map((hg) => {
          const hostKey = `host:${hg.host ?? ''}`;
          const hostCollapsed = showHosts && collapsed[hostKey] === true;
          return (
            <div
              key={hostKey}
              role="group"
              aria-label={hg.host ? `Host ${hg.host}` : 'This machine'}
              data-host={hg.host ?? 'local'}
            >
              {showHosts && (
                <HostHeader
                  host={hg.host}
                  state={hg.state}
                  reason={hg.reason}
                  collapsed={hostCollapsed}
                  onToggle={() => toggle(hostKey, hostCollapsed)}
                />
              )}
              {!hostCollapsed &&
                hg.folders.map((group) => (
                  <FolderSection
                    key={group.folder ?? ''}
                    {...props}
                    group={group}
                    collapsed={group.folder !== null && collapsed[`${hostKey}:${group.folder}`] === true}
                    onToggle={(now) => toggle(`${hostKey}:${group.folder}`, now)}
                  />
                ))}
            </div>
          );
        })}
      </div>
      <div className="shrink-0 border-t border-line p-2">
        <button
          type="button"
          onClick={props.onNewAgent}
          className={`flex h-8 w-full items-center justify-center gap-1.5 rounded-md border border-line bg-surface-2 text-[12px] font-medium text-fg hover:bg-surface-3 ${FOCUS_RING}`}
        >
          <Icon name="agent" size={14} className="text-accent" />
          New agent…
        </button>
      </div>
    </nav>
  );
}

function FolderSection(
  props: SidebarProps & { group: FolderGroup; collapsed: boolean; onToggle(now: boolean): void },
) {
  const { group, collapsed, workspace } = props;
  const states = group.sessions.flatMap((s) => workspace.panesOfSession(s.name).map((p) => p.status?.state));
  return (
    <div role="group" aria-label={group.folder ? `Folder ${group.folder}` : 'Sessions'}>
      {group.folder !== null && (
        <button
          type="button"
          aria-expanded={!collapsed}
          onClick={() => props.onToggle(collapsed)}
          title={group.folder}
          className={`flex w-full items-center gap-1.5 px-2 pb-0.5 pt-2 text-left text-[11px] font-semibold uppercase tracking-wide text-muted hover:text-fg ${FOCUS_RING}`}
        >
          <Icon name={collapsed ? 'chevronRight' : 'chevronDown'} size={12} />
          <Icon name="folder" size={12} />
          {/* Both flex from a zero basis: the name keeps 60% of the row whatever the rollup says. */}
          <FitText
            text={basename(group.folder)}
            tooltip={group.folder}
            className="flex-[3_1_0%] normal-case"
          />
          <Rollup counts={countStates(states)} className="flex-[2_1_0%] text-right font-normal normal-case" />
        </button>
      )}
      {!collapsed &&
        group.sessions.map((session) => (
          <SessionRow key={session.instanceId} {...props} session={session} indent={group.folder !== null} />
        ))}
    </div>
  );
}

function SessionRow(props: SidebarProps & { session: SessionInfo; indent: boolean }) {
  const { session, workspace, activeSession, indent } = props;
  const active = session.name === activeSession;
  const panes = workspace.panesOfSession(session.name);
  const states = panes.map((p) => p.status?.state);
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className={`group ${indent ? 'pl-2' : ''}`} data-session={session.name}>
      <div
        className={`relative mx-1 flex items-center rounded ${active ? 'bg-surface-3' : 'hover:bg-surface-2'}`}
      >
        <button
          type="button"
          aria-current={active ? 'true' : undefined}
          onClick={() => {
            // The session shown already: Enter (or a click) goes back to its terminal.
            props.onSelectSession(session.name);
            if (active) returnFocus(null);
          }}
          onDoubleClick={() => props.onSessionMenu(session, 'rename')}
          onKeyDown={renameOnF2(() => props.onSessionMenu(session, 'rename'))}
          title={`${session.name} (double-click or F2 to rename)`}
          className={`flex min-w-0 flex-1 flex-col items-start rounded px-2 py-1 text-left ${FOCUS_RING}`}
        >
          <span className="flex w-full items-center gap-1.5">
            <Icon name="terminal" size={12} className={active ? 'text-accent' : 'text-muted'} />
            <FitText
              text={shortSessionName(session)}
              tooltip={session.name}
              className={`flex-1 text-[13px] ${active ? 'font-semibold text-fg' : 'text-fg/90'}`}
            />
            {(() => {
              const urgent = mostUrgent(states);
              return urgent && <StatusBadge state={urgent} compact className="ml-auto" />;
            })()}
          </span>
          <Rollup counts={countStates(states)} className="w-full pl-[18px]" />
        </button>
        <IconButton
          icon="menu"
          label={`Session ${session.name} options`}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((o) => !o)}
          className="mr-1 opacity-0 focus-visible:opacity-100 group-hover:opacity-100 aria-expanded:opacity-100"
        />
        {menuOpen && (
          <div
            role="menu"
            className="absolute right-1 top-8 z-20 flex w-44 flex-col rounded-md border border-line bg-surface py-1 shadow-xl"
            onKeyDown={(e) => e.key === 'Escape' && setMenuOpen(false)}
            // Leaving the menu (click elsewhere, Tab away) closes it.
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setMenuOpen(false);
            }}
          >
            {(
              [
                ['rename', 'Rename…'],
                ['folder', 'Set folder…'],
                ['kill', 'Kill session…'],
              ] as const
            ).map(([action, label], i) => (
              <button
                key={action}
                type="button"
                role="menuitem"
                autoFocus={i === 0}
                onClick={() => {
                  setMenuOpen(false);
                  props.onSessionMenu(session, action);
                }}
                className={`px-3 py-1.5 text-left text-[12px] hover:bg-surface-2 ${action === 'kill' ? 'text-danger' : 'text-fg'} ${FOCUS_RING}`}
              >
                {label}
              </button>
            ))}
          </div>
        )}
      </div>
      {active && (
        <ul className="mb-1 ml-5 border-l border-line pl-1" aria-label={`Tabs of ${session.name}`}>
          {session.tabs.map((tab) => {
            const tabPanes = panes.filter((p) => p.tab === tab.id);
            const tabActive = tab.id === session.activeTabId;
            return (
              <li key={tab.id}>
                <button
                  type="button"
                  onClick={() => props.onSelectTab(session.name, tab.id)}
                  onDoubleClick={() => props.onRenameTab(session.name, tab)}
                  onKeyDown={renameOnF2(() => props.onRenameTab(session.name, tab))}
                  data-tab-row={tab.id}
                  aria-current={tabActive ? 'true' : undefined}
                  className={`flex w-full items-center gap-1.5 rounded px-2 py-0.5 text-left text-[12px] ${tabActive ? 'text-fg' : 'text-muted hover:text-fg'} ${FOCUS_RING}`}
                >
                  <FitText text={tab.name} className="flex-1" />
                  {(() => {
                    const urgent = mostUrgent(tabPanes.map((p) => p.status?.state));
                    return urgent && <StatusBadge state={urgent} compact className="ml-auto" />;
                  })()}
                </button>
                {tabActive && tabPanes.length > 1 && (
                  <ul className="ml-2">
                    {tabPanes.map((pane) => {
                      const state = pane.status?.state ?? null;
                      return (
                        <li key={pane.key}>
                          <button
                            type="button"
                            onClick={() => props.onFocusPane(pane)}
                            onDoubleClick={() => props.onRenamePane(pane)}
                            onKeyDown={renameOnF2(() => props.onRenamePane(pane))}
                            data-pane-row={pane.id}
                            className={`flex w-full items-center gap-1.5 rounded px-2 py-0.5 text-left text-[11px] ${pane.id === tab.focusedPaneId ? 'text-fg' : 'text-muted hover:text-fg'} ${FOCUS_RING}`}
                          >
                            <span className="font-mono text-[10px] text-muted">{pane.id}</span>
                            <FitText text={pane.status?.label ?? pane.title} className="flex-1" />
                            {pane.worktree && <WorktreeChip worktree={pane.worktree} compact />}
                            {state && <StatusBadge state={state} compact className="ml-auto" />}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
