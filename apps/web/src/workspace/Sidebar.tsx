'use client';
// The sidebar: sessions (grouped into folders by their directory) → tabs → panes, each with its
// state badge, each session and folder with the rollup of what it contains.
import type { SessionInfo } from '@rozi/server/model';
import type { PaneView } from '@rozi/server/view';
import { countStates, FOCUS_RING, Icon, IconButton, mostUrgent, Rollup, StatusBadge } from '@rozi/ui';
import { useMemo, useState } from 'react';
import type { WorkspaceView } from '../cache/useWorkspace';
import { basename } from '../model/paths';

export interface SidebarProps {
  workspace: WorkspaceView;
  activeSession: string | undefined;
  onSelectSession(name: string): void;
  onSelectTab(session: string, tab: number): void;
  onFocusPane(pane: PaneView): void;
  onNewSession(): void;
  onSessionMenu(session: SessionInfo, action: 'rename' | 'kill' | 'folder'): void;
  onOpenActivity(): void;
  onNewAgent(): void;
}

interface FolderGroup {
  folder: string | null;
  sessions: SessionInfo[];
}

function groupByFolder(sessions: readonly SessionInfo[]): FolderGroup[] {
  const groups = new Map<string | null, SessionInfo[]>();
  for (const s of sessions) {
    const list = groups.get(s.folder) ?? [];
    list.push(s);
    groups.set(s.folder, list);
  }
  // Sessions without a folder first, then folders by name.
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : a.localeCompare(b)))
    .map(([folder, list]) => ({ folder, sessions: list }));
}

export function Sidebar(props: SidebarProps) {
  const { workspace } = props;
  const sessions = workspace.data?.sessions ?? [];
  const groups = useMemo(() => groupByFolder(sessions), [sessions]);
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});

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
      <div className="min-h-0 flex-1 overflow-y-auto py-1">
        {sessions.length === 0 && <p className="px-3 py-4 text-[12px] text-muted">No sessions yet.</p>}
        {groups.map((group) => {
          const groupKey = group.folder ?? '';
          const isCollapsed = group.folder !== null && collapsed[groupKey];
          const groupStates = group.sessions.flatMap((s) =>
            workspace.panesOfSession(s.name).map((p) => p.status?.state),
          );
          return (
            <div
              key={groupKey}
              role="group"
              aria-label={group.folder ? `Folder ${group.folder}` : 'Sessions'}
            >
              {group.folder !== null && (
                <button
                  type="button"
                  aria-expanded={!isCollapsed}
                  onClick={() => setCollapsed((c) => ({ ...c, [groupKey]: !isCollapsed }))}
                  title={group.folder}
                  className={`flex w-full items-center gap-1.5 px-2 pb-0.5 pt-2 text-left text-[11px] font-semibold uppercase tracking-wide text-muted hover:text-fg ${FOCUS_RING}`}
                >
                  <Icon name={isCollapsed ? 'chevronRight' : 'chevronDown'} size={12} />
                  <Icon name="folder" size={12} />
                  <span className="min-w-0 truncate normal-case">{basename(group.folder)}</span>
                  <Rollup counts={countStates(groupStates)} className="ml-auto font-normal normal-case" />
                </button>
              )}
              {!isCollapsed &&
                group.sessions.map((session) => (
                  <SessionRow
                    key={session.name}
                    {...props}
                    session={session}
                    indent={group.folder !== null}
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
          onClick={() => props.onSelectSession(session.name)}
          onDoubleClick={() => props.onSessionMenu(session, 'rename')}
          className={`flex min-w-0 flex-1 flex-col items-start rounded px-2 py-1 text-left ${FOCUS_RING}`}
        >
          <span className="flex w-full items-center gap-1.5">
            <Icon name="terminal" size={12} className={active ? 'text-accent' : 'text-muted'} />
            <span
              className={`min-w-0 truncate text-[13px] ${active ? 'font-semibold text-fg' : 'text-fg/90'}`}
            >
              {session.name}
            </span>
            {(() => {
              const urgent = mostUrgent(states);
              return urgent && <StatusBadge state={urgent} compact className="ml-auto" />;
            })()}
          </span>
          <Rollup counts={countStates(states)} className="pl-[18px]" />
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
                  aria-current={tabActive ? 'true' : undefined}
                  className={`flex w-full items-center gap-1.5 rounded px-2 py-0.5 text-left text-[12px] ${tabActive ? 'text-fg' : 'text-muted hover:text-fg'} ${FOCUS_RING}`}
                >
                  <span className="min-w-0 truncate">{tab.name}</span>
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
                            className={`flex w-full items-center gap-1.5 rounded px-2 py-0.5 text-left text-[11px] ${pane.id === tab.focusedPaneId ? 'text-fg' : 'text-muted hover:text-fg'} ${FOCUS_RING}`}
                          >
                            <span className="font-mono text-[10px] text-muted">{pane.id}</span>
                            <span className="min-w-0 truncate">{pane.status?.label ?? pane.title}</span>
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
