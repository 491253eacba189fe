'use client';
// The desktop layout: sidebar, tab bar, split panes, status line.
import { Button, EmptyState } from '@rozi/ui';
import { closePane, renamePane } from '../actions/paneActions';
import { killSession, newSessionPrompt, renameSession, setSessionFolder } from '../actions/sessionActions';
import { closeTab, renameTab } from '../actions/tabActions';
import { ConnectionBanner } from '../shell/ConnectionBanner';
import { ConfigWarningBanner } from '../status/configStatus';
import { WhichKeyStrip } from '../shell/WhichKeyStrip';
import { StatusLine } from '../shell/StatusLine';
import { SidebarDock } from '../extensions/SidebarDock';
import { panelsOf, useBuiltinTabs, useSidebarTabs } from '../extensions/useSidebarTabs';
import { FilesTab } from '../sidebar/FilesTab';
import { GitTab } from '../sidebar/GitTab';
import { PanesTab } from '../sidebar/PanesTab';
import { Sidebar } from './Sidebar';
import { SidebarEdge } from './SidebarEdge';
import { TabBar } from './TabBar';
import { ControlChip } from './ControlChip';
import { TabLayout } from './TabLayout';
import type { WorkspaceController } from './useWorkspaceController';
import { WorkspaceDialogs } from './WorkspaceDialogs';
import { LeftAlone } from './AttachPrompt';
import { InboxPanel } from '../inbox/InboxPanel';
import { ChangesPanel } from '../changes/ChangesPanel';
import { useChangesPane } from '../changes/changesStore';

export function DesktopWorkspace({ c }: { c: WorkspaceController }) {
  const { session, tab, workspace, settings } = c;
  const ctx = c.context;
  // Extension sidebar tabs share the docks with the built-in tabs (extensions/SidebarDock).
  const dockTabs = useSidebarTabs();
  const { maxEntries } = useBuiltinTabs();
  const changesKey = useChangesPane();
  const changesPane =
    changesKey === null ? undefined : workspace.data?.panes.find((p) => p.key === changesKey);
  const sessionsView = (
    <Sidebar
      workspace={workspace}
      activeSession={session?.name}
      onSelectSession={c.selectSession}
      onSelectTab={(s, t) => {
        c.selectSession(s);
        void c.api.selectTab(s, t);
      }}
      onFocusPane={c.focusPane}
      onRenameTab={(s, t) => renameTab(ctx, s, t)}
      onRenamePane={(p) => renamePane(ctx, p)}
      onNewSession={() => void newSessionPrompt(ctx)}
      onSessionMenu={(s, action) => {
        if (action === 'rename') renameSession(ctx, s.name);
        else if (action === 'kill') killSession(ctx, s.name);
        else setSessionFolder(ctx, s.name, s.folder);
      }}
      onOpenActivity={c.ui.openActivity}
      onNewAgent={() => c.ui.openLauncher()}
    />
  );
  // Files and Git follow the focused pane (its directory, its repository).
  const builtins = {
    sessions: sessionsView,
    panes: <PanesTab session={session} panes={workspace.data?.panes ?? []} onFocusPane={c.focusPane} />,
    files: <FilesTab pane={c.pane} maxEntries={maxEntries} />,
    git: <GitTab pane={c.pane} />,
  };
  return (
    <div className="flex h-dvh flex-col overflow-hidden">
      <ConnectionBanner />
      <ConfigWarningBanner />
      <div className="flex min-h-0 flex-1">
        {settings.sidebarOpen && panelsOf(dockTabs, 'left').length > 0 && (
          <aside className="relative shrink-0 border-r border-line" style={{ width: settings.sidebarWidth }}>
            <SidebarDock dock="left" tabs={dockTabs} builtins={builtins} />
            <SidebarEdge width={settings.sidebarWidth} onCollapse={c.ui.toggleSidebar} />
          </aside>
        )}
        <main className="relative flex min-w-0 flex-1 flex-col" aria-label="Workspace">
          {c.attach.step === 'left' ? (
            <LeftAlone p={c.attach} />
          ) : session && tab ? (
            <>
              <TabBar
                session={session}
                workspace={workspace}
                sidebarOpen={settings.sidebarOpen}
                onToggleSidebar={c.ui.toggleSidebar}
                onSelect={(t) => void c.api.selectTab(session.name, t)}
                onClose={(t) => void closeTab(ctx, t)}
                onRename={(t) => {
                  if (t !== session.activeTabId) void c.api.selectTab(session.name, t);
                  const target = session.tabs.find((x) => x.id === t);
                  if (target) renameTab(ctx, session.name, target);
                }}
                onNewTab={() => c.run('new-tab')}
                onRun={c.run}
                zoomed={tab.zoomedPaneId !== null}
                control={<ControlChip control={c.control} onManage={c.ui.openCollaborators} />}
              />
              <TabLayout
                key={`${session.name}/${tab.id}`}
                session={session}
                tab={tab}
                workspace={workspace}
                api={c.api}
                onRun={c.run}
                onClosePane={(p) => void closePane(ctx, p)}
                onRenamePane={(p) => renamePane(ctx, p)}
              />
            </>
          ) : (
            <WorkspaceEmpty c={c} />
          )}
          <WhichKeyStrip
            pending={c.pending}
            keymap={c.keymap}
            delayMs={c.whichKeyMs}
            title={(id) => c.actions.find((a) => a.id === id)?.title ?? id}
          />
          <StatusLine
            session={session?.name}
            paneLabel={
              // The agent when one is recognised (`Claude Code`), not the interpreter it runs on (`node`).
              c.pane
                ? `pane ${c.pane.id} · ${c.pane.status?.label ?? c.pane.foreground_program ?? c.pane.title}`
                : undefined
            }
            pending={c.pending}
            keymap={c.keymap}
          />
        </main>
        {changesPane && <ChangesPanel key={changesPane.key} pane={changesPane} />}
        {c.inboxPanel.open && (
          <InboxPanel
            inbox={c.inbox}
            onClose={c.inboxPanel.close}
            onOpenPane={c.openPane}
            focusRequest={c.inboxPanel.asked}
          />
        )}
        {panelsOf(dockTabs, 'right').length > 0 && (
          <aside className="w-60 shrink-0 border-l border-line" aria-label="Right sidebar">
            <SidebarDock dock="right" tabs={dockTabs} builtins={builtins} />
          </aside>
        )}
      </div>
      <WorkspaceDialogs c={c} besidePanel={c.inboxPanel.open} />
    </div>
  );
}

function WorkspaceEmpty({ c }: { c: WorkspaceController }) {
  if (c.workspace.isLoading) {
    return (
      <div className="flex flex-1 items-center justify-center text-[13px] text-muted">Loading workspace…</div>
    );
  }
  if (c.workspace.error) {
    return (
      <EmptyState
        icon="wifiOff"
        title="Can’t reach the rozi server"
        actions={<Button onClick={c.workspace.refetch}>Retry</Button>}
      >
        {c.workspace.error}. If this page was opened without the token, open the URL that{' '}
        <code className="font-mono">rozi server</code> printed.
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title="No sessions"
      actions={
        <>
          <Button variant="primary" icon="plus" onClick={() => void newSessionPrompt(c.context)}>
            New session
          </Button>
          <Button icon="agent" onClick={() => c.ui.openLauncher('new-session')}>
            New agent…
          </Button>
        </>
      }
    >
      A session holds tabs of split terminals. Start one with a shell, or launch an agent in a folder.
    </EmptyState>
  );
}
