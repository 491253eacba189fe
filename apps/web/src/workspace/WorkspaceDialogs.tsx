'use client';
// The dialogs and transient messages both layouts share: palette, launcher, activity, prompts,
// confirmations, toasts and notices.
import { CommandPalette } from '../palette/CommandPalette';
import { ExtensionsLayer } from '../extensions/ExtensionsLayer';
import { LauncherDialog } from '../launcher/LauncherDialog';
import { ConfirmDialog, PromptDialog } from '../shell/PromptDialog';
import { ActivityView } from '../status/ActivityView';
import { Toasts } from '../status/Toasts';
import type { WorkspaceController } from './useWorkspaceController';
import { ToastAnswers } from '../inbox/ToastAnswers';
import { ProfilePicker } from './ProfilePicker';
import { LayoutPicker } from './LayoutPicker';
import { CollaboratorsDialog } from './CollaboratorsDialog';
import { ResizeMode } from './ResizeMode';
import { AttachPrompt } from './AttachPrompt';

/** `besidePanel`: the desktop's inbox panel is open, so toasts sit to its left instead of over it. */
export function WorkspaceDialogs({
  c,
  besidePanel = false,
}: {
  c: WorkspaceController;
  besidePanel?: boolean;
}) {
  const { dialogs } = c;
  return (
    <>
      <AttachPrompt p={c.attach} />
      <CommandPalette
        open={dialogs.paletteOpen}
        onClose={dialogs.closePalette}
        actions={c.actions}
        context={c.context}
        keymap={c.keymap}
        run={c.runAction}
      />
      <LauncherDialog
        open={dialogs.launcher !== null}
        initialPlacement={dialogs.launcher ?? 'new-tab'}
        onClose={dialogs.closeLauncher}
        api={c.api}
        session={c.session?.name}
        host={c.session?.host ?? null}
        paneKey={c.pane?.key}
        defaultFolder={c.session?.folder ?? null}
        onLaunched={(session) => session && c.selectSession(session)}
        onFailed={(message) => c.ui.notice(message, 'error')}
        startPane={c.ui.startPane}
      />
      <ActivityView
        open={dialogs.activityOpen}
        onClose={dialogs.closeActivity}
        panes={c.workspace.data?.panes ?? []}
        unseen={c.status.unseen}
        onOpenPane={(pane) => {
          dialogs.closeActivity();
          c.focusPane(pane);
        }}
        onActivateRow={(pane, row) => {
          dialogs.closeActivity();
          c.focusPane(pane);
          c.api
            .activateRow(pane.key, row)
            .catch((err: unknown) => c.ui.notice(err instanceof Error ? err.message : String(err), 'error'));
        }}
        onNewAgent={() => {
          dialogs.closeActivity();
          c.ui.openLauncher();
        }}
      />
      <ProfilePicker
        open={dialogs.profiles !== null}
        mode={dialogs.profiles ?? 'list'}
        onClose={dialogs.closeProfiles}
        session={c.session?.host ? undefined : c.session?.name}
        dir={c.pane && !c.session?.host ? c.pane.cwd : null}
        selectSession={c.selectSession}
        notice={c.ui.notice}
      />
      <ResizeMode active={dialogs.resizing} context={c.currentContext} onExit={dialogs.stopResizing} />
      <LayoutPicker
        open={dialogs.layoutPicker && c.tab !== undefined}
        current={c.tab?.layoutKind ?? 'dwindle'}
        apply={(layout) => {
          if (c.session && c.tab)
            void c.api
              .setLayout({ session: c.session.name, tab: c.tab.id, layout })
              .catch((err: unknown) =>
                c.ui.notice(err instanceof Error ? err.message : String(err), 'error'),
              );
        }}
        onClose={dialogs.closeLayoutPicker}
      />
      <CollaboratorsDialog
        open={dialogs.collaborators}
        control={c.control}
        onClose={dialogs.closeCollaborators}
      />
      <ExtensionsLayer />
      <PromptDialog request={dialogs.prompt} onClose={dialogs.closePrompt} />
      <ConfirmDialog request={dialogs.confirm} onClose={dialogs.closeConfirm} />
      <Toasts
        toasts={c.status.toasts}
        onDismiss={c.status.dismiss}
        besidePanel={besidePanel}
        extra={(toast) =>
          toast.tone === 'blocked' && toast.pane ? (
            <ToastAnswers inbox={c.inbox} paneKey={toast.pane.key} onMore={c.ui.openInbox} />
          ) : null
        }
        onOpen={(toast) => {
          c.status.dismiss(toast.id);
          if (toast.pane) c.openPane(toast.pane);
        }}
      />
      <div
        aria-live="polite"
        className="pointer-events-none fixed bottom-8 left-1/2 z-50 flex -translate-x-1/2 flex-col items-center gap-2"
      >
        {c.notices.map((n) => (
          <div
            key={n.id}
            role={n.tone === 'error' ? 'alert' : 'status'}
            className={`rozi-toast-in rounded-md border px-3 py-1.5 text-[12px] shadow-lg ${n.tone === 'error' ? 'border-danger/50 bg-surface text-danger' : 'border-line bg-surface text-fg'}`}
          >
            {n.message}
          </div>
        ))}
      </div>
    </>
  );
}
