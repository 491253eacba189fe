'use client';
// The tab bar of the active session: tabs with their state badge, close and rename, a new-tab
// button, and the workspace's main commands on the right.
import type { SessionInfo } from '@rozi/server/model';
import { FOCUS_RING, handleListKeys, Icon, IconButton, mostUrgent, StatusBadge } from '@rozi/ui';
import type { WorkspaceView } from '../cache/useWorkspace';
import { renameOnF2 } from './renameKey';

export interface TabBarProps {
  session: SessionInfo;
  workspace: WorkspaceView;
  sidebarOpen: boolean;
  onToggleSidebar(): void;
  onSelect(tab: number): void;
  onClose(tab: number): void;
  onRename(tab: number): void;
  onNewTab(): void;
  onRun(actionId: string): void;
  zoomed: boolean;
  /** Who controls input (ControlChip), drawn before the layout chip. */
  control?: React.ReactNode;
}

export function TabBar(props: TabBarProps) {
  const { session, workspace } = props;
  return (
    <div className="flex h-10 shrink-0 items-stretch border-b border-line bg-surface">
      <IconButton
        icon="menu"
        label={props.sidebarOpen ? 'Hide sidebar' : 'Show sidebar'}
        aria-pressed={props.sidebarOpen}
        onClick={props.onToggleSidebar}
        className="mx-1.5 self-center"
      />
      <div
        role="tablist"
        aria-label={`Tabs of ${session.name}`}
        className="flex min-w-0 flex-1 items-stretch overflow-x-auto"
        // Arrows move between tabs; Enter or Space selects (selecting moves focus to the terminal).
        onKeyDown={(e) => handleListKeys(e, { items: '[role=tab]', orientation: 'horizontal', wrap: true })}
      >
        {session.tabs.map((tab) => {
          const active = tab.id === session.activeTabId;
          const panes = workspace.panesOfTab(session.name, tab.id);
          const state = mostUrgent(panes.map((p) => p.status?.state));
          const named = tab.name !== String(tab.workspace);
          return (
            <div
              key={tab.id}
              className={`group relative flex min-w-0 max-w-56 shrink-0 items-center border-r border-line ${active ? 'bg-bg text-fg' : 'text-muted hover:bg-surface-2 hover:text-fg'}`}
            >
              {active && <span aria-hidden="true" className="absolute inset-x-0 top-0 h-0.5 bg-accent" />}
              <button
                type="button"
                role="tab"
                aria-selected={active}
                data-tab-id={tab.id}
                data-workspace={tab.workspace}
                onClick={() => props.onSelect(tab.id)}
                onDoubleClick={() => props.onRename(tab.id)}
                onKeyDown={renameOnF2(() => props.onRename(tab.id))}
                onAuxClick={(e) => e.button === 1 && props.onClose(tab.id)}
                title={`Workspace ${tab.workspace}${named ? `: ${tab.name}` : ''}, ${panes.length} pane${panes.length === 1 ? '' : 's'} (double-click or F2 to rename)`}
                className={`flex h-full min-w-0 items-center gap-2 pl-3 pr-1 text-[12px] ${FOCUS_RING}`}
              >
                {/* A tab is a workspace: its number is the prefix+N key, shown as rozi's N:name when named. */}
                <span
                  aria-hidden={named}
                  className={`font-mono ${named ? 'text-[10px] text-muted' : 'text-[11px]'}`}
                >
                  {tab.workspace}
                </span>
                {named && <span className="min-w-0 truncate">{tab.name}</span>}
                {panes.length > 1 && (
                  <span aria-hidden="true" className="font-mono text-[10px] text-muted">
                    ×{panes.length}
                  </span>
                )}
                {state && <StatusBadge state={state} compact />}
              </button>
              <IconButton
                icon="close"
                label={`Close tab ${tab.name}`}
                onClick={() => props.onClose(tab.id)}
                className={`mr-1 ${active ? '' : 'opacity-0 focus-visible:opacity-100 group-hover:opacity-100'}`}
              />
            </div>
          );
        })}
        <IconButton icon="plus" label="New tab" onClick={props.onNewTab} className="mx-1.5 self-center" />
      </div>
      <div className="flex shrink-0 items-center gap-0.5 px-2">
        {props.control}
        <button
          type="button"
          onClick={() => props.onRun('cycle-layout')}
          data-layout-chip
          title="Switch layout (Ctrl+A m); every layout is in the palette"
          className={`mr-1 flex h-6 items-center rounded border border-line px-2 font-mono text-[11px] text-muted hover:bg-surface-2 hover:text-fg ${FOCUS_RING}`}
        >
          {session.tabs.find((t) => t.id === session.activeTabId)?.layoutKind ?? 'dwindle'}
        </button>
        <IconButton icon="splitRight" label="Split right" onClick={() => props.onRun('split-right')} />
        <IconButton icon="splitDown" label="Split down" onClick={() => props.onRun('split-down')} />
        <IconButton
          icon={props.zoomed ? 'unzoom' : 'zoom'}
          label={props.zoomed ? 'Unzoom pane' : 'Zoom pane'}
          aria-pressed={props.zoomed}
          onClick={() => props.onRun('toggle-zoom')}
        />
        <span aria-hidden="true" className="mx-1 h-4 w-px bg-line" />
        <button
          type="button"
          onClick={() => props.onRun('command-palette')}
          className={`flex h-6 items-center gap-1.5 rounded border border-line px-2 text-[11px] text-muted hover:bg-surface-2 hover:text-fg ${FOCUS_RING}`}
          aria-label="Command palette"
        >
          {/* ⌘ means the Mac's Command key; this is a palette on every system. */}
          <Icon name="search" size={12} />
          <span className="hidden md:inline">Commands</span>
        </button>
        <IconButton icon="settings" label="Settings" onClick={() => props.onRun('open-settings')} />
      </div>
    </div>
  );
}
