'use client';
// The page's controller: which session is shown, which dialogs are open, the resolved keymap,
// the action context, and running an action by id (from keys, palette, buttons alike).
import type { PaneInfo } from '@rozi/server/model';
import { keepFocusOnPage, setFocusHome } from '@rozi/ui';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTRPCClient } from '../api/trpcClient';
import { ACTIONS, actionById } from '../actions/actionRegistry';
import { changesLayout, followerRefusal } from '../actions/followerLayout';
import type {
  ActionContext,
  ActionDef,
  ConfirmRequest,
  PromptRequest,
  UiControls,
} from '../actions/actionTypes';
import { bindingsOf, displaySequence, resolveKeymap } from '@rozi/keymap';
import { useKeybindings } from '../keys/useKeybindings';
import { useExtensionActions } from '../extensions/useExtensionActions';
import { useServerKeymap } from '../extensions/useServerKeymap';
import type { LauncherPlacement } from '../launcher/launcherModel';
import { usePaneLanding } from '../launcher/paneLanding';
import { updateSettings, useSettings } from '../settings/settingsStore';
import { useConfigBehaviour, useConfigInput, whichKeyDelayMs } from '../settings/useConfigInput';
import { useActiveSession } from '../shell/useActiveSession';
import { useStatusSurfaces } from '../status/useStatusSurfaces';
import { useInbox } from '../inbox/useInbox';
import { useInboxPanel } from '../inbox/useInboxPanel';
import { activeTabOf, useWorkspace } from '../cache/useWorkspace';
import { workspaceApi } from '../model/workspaceApi';
import { terminalFor } from '../terminal/terminalRegistry';
import { useSessionControl } from './useSessionControl';
import { useAttachPrompt } from './useAttachPrompt';
import { useControlNotices } from './controlNotices';

/** Actions that work even while a dialog or form field has focus. */
const GLOBAL_ACTIONS = new Set(['command-palette']);

export interface Notice {
  id: number;
  message: string;
  tone: 'info' | 'error';
}

/** `mobile`: the phone layout is shown (a pane started here opens full screen at once). */
export function useWorkspaceController({ mobile }: { mobile: boolean }) {
  const client = useTRPCClient();
  const api = useMemo(() => workspaceApi(client), [client]);
  const workspace = useWorkspace();
  const settings = useSettings();
  const router = useRouter();
  const [session, selectSession] = useActiveSession(workspace.data?.sessions);
  const tab = activeTabOf(session);
  const pane = session && tab ? workspace.pane(session.name, tab.focusedPaneId) : undefined;

  const [paletteOpen, setPaletteOpen] = useState(false);
  const [launcher, setLauncher] = useState<LauncherPlacement | null>(null);
  const [activityOpen, setActivityOpen] = useState(false);
  const [profiles, setProfiles] = useState<'list' | 'capture' | 'replace' | null>(null);
  const [resizing, setResizing] = useState(false);
  const [layoutPicker, setLayoutPicker] = useState(false);
  const inbox = useInbox();
  const inboxPanel = useInboxPanel(inbox);
  const showInbox = inboxPanel.show;
  const [prompt, setPrompt] = useState<PromptRequest | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [notices, setNotices] = useState<Notice[]>([]);
  const noticeId = useRef(0);

  const notice = useCallback((message: string, tone: 'info' | 'error' = 'info') => {
    const id = ++noticeId.current;
    setNotices((list) => [...list, { id, message, tone }].slice(-3));
    setTimeout(() => setNotices((list) => list.filter((n) => n.id !== id)), tone === 'error' ? 8000 : 4000);
  }, []);
  const landing = usePaneLanding({ api, mobile, notice });
  const [collaborators, setCollaborators] = useState(false);
  // The grant key as bound now ([keys] may move it), for the request toast.
  const grantKeyRef = useRef('Ctrl+A e');
  // A session on a host is not shared through this server's roster.
  const shared = session?.host ? undefined : session?.name;
  // Cancel on the attach prompt with nowhere to go back to: this page stops viewing that session.
  const [left, setLeft] = useState<string | null>(null);
  const control = useSessionControl(
    shared !== undefined && shared === left ? undefined : shared,
    useControlNotices({ notice, grantKey: grantKeyRef }),
  );
  const sessionNames = useMemo(
    () => (workspace.data?.sessions ?? []).map((s) => s.name),
    [workspace.data?.sessions],
  );
  const leftRef = useRef<string | null>(null);
  const attach = useAttachPrompt({
    session: shared,
    sessions: sessionNames,
    loading: workspace.data === undefined,
    control,
    selectSession,
    left,
    setLeft,
  });
  leftRef.current = attach.step === 'left' ? (shared ?? null) : null;

  const ui: UiControls = useMemo(
    () => ({
      openPalette: () => setPaletteOpen(true),
      openLauncher: (placement = 'new-tab') => setLauncher(placement),
      openActivity: () => setActivityOpen(true),
      openInbox: showInbox,
      openSettings: () => router.push('/settings'),
      openProfiles: (mode) => setProfiles(mode ?? 'list'),
      takeControl: control.takeControl,
      openCollaborators: () => setCollaborators(true),
      resizeMode: () => setResizing(true),
      chooseLayout: () => setLayoutPicker(true),
      prompt: setPrompt,
      confirm: setConfirm,
      selectSession,
      toggleSidebar: () => updateSettings({ sidebarOpen: !settings.sidebarOpen }),
      startPane: landing.startPane,
      notice,
    }),
    [router, selectSession, settings.sidebarOpen, notice, showInbox, control.takeControl, landing.startPane],
  );

  // config.toml [keys] and active extension keys from the server (issue 9), on top of the defaults.
  const input = useConfigInput();
  const serverKeys = useServerKeymap(input.prefix, input.mirror);
  const extensionActions = useExtensionActions();
  const actions = useMemo(() => [...ACTIONS, ...extensionActions], [extensionActions]);
  const keymap = useMemo(
    () => resolveKeymap({ user: serverKeys.user, prefix: input.prefix, modifier: input.mirror }),
    [input.prefix, input.mirror, serverKeys.user],
  );
  const grantBinding = bindingsOf(keymap, 'grant-control')[0];
  grantKeyRef.current = grantBinding ? displaySequence(grantBinding) : 'Grant layout control (palette)';
  const requestBinding = bindingsOf(keymap, 'request-control')[0];
  const requestKeyRef = useRef('');
  requestKeyRef.current = requestBinding ? displaySequence(requestBinding) : 'Take layout control (palette)';

  const asks = useConfigBehaviour()?.confirm;
  const context: ActionContext = {
    api,
    workspace,
    session,
    tab,
    pane,
    ui,
    collab: control,
    prefix: keymap.prefix,
    confirm: {
      closePane: asks?.closePane ?? true,
      killWorkspace: asks?.killWorkspace ?? true,
      killSession: asks?.killSession ?? true,
    },
  };
  const contextRef = useRef(context);
  contextRef.current = context;
  const currentContext = useCallback(() => contextRef.current, []);

  const runAction = useCallback(
    (action: ActionDef) => {
      const ctx = contextRef.current;
      if (action.enabled && !action.enabled(ctx)) return;
      // A follower of a shared session does not change its layout (sessions.md): one line instead.
      const refused = followerRefusal({
        actionId: action.id,
        collab: ctx.collab,
        requestKey: requestKeyRef.current,
      });
      if (refused) {
        notice(refused, 'info');
        return;
      }
      if (leftRef.current && changesLayout(action.id)) {
        notice(`you left ${leftRef.current} alone: attach to it again first; nothing changed`, 'info');
        return;
      }
      Promise.resolve()
        .then(() => action.run(ctx))
        .catch((err: unknown) =>
          notice(`${action.title}: ${err instanceof Error ? err.message : String(err)}`, 'error'),
        );
    },
    [notice],
  );

  const run = useCallback(
    (actionId: string) => {
      const action = actionById(actionId) ?? actions.find((a) => a.id === actionId);
      if (action) runAction(action);
      else if (serverKeys.extensionCommands.has(actionId))
        runAction({
          id: actionId,
          title: actionId,
          category: 'Extension',
          run: () => client.extensions.runAction.mutate({ id: actionId }),
        });
    },
    [runAction, actions, serverKeys.extensionCommands, client],
  );

  const pending = useKeybindings({
    keymap,
    run,
    global: GLOBAL_ACTIONS,
    ready: input.loaded && serverKeys.ready,
  });

  // Everything on screen counts as seen: every pane of the shown tab, or only the zoomed one.
  const viewing =
    session && tab
      ? tab.zoomedPaneId !== null
        ? pane
          ? [pane.key]
          : []
        : workspace.panesOfTab(session.name, tab.id).map((p) => p.key)
      : [];
  const status = useStatusSurfaces({ panes: workspace.data?.panes, viewing });

  const openPane = useCallback(
    (target: { session: string; key: number }) => {
      selectSession(target.session);
      void api
        .focusPane(target.key)
        .catch((err: unknown) => notice(err instanceof Error ? err.message : String(err), 'error'));
    },
    [api, selectSession, notice],
  );

  // Focus that has nowhere to return (its opener is gone), or whose element was taken off the
  // page, goes to the focused pane's terminal; on the phone's card deck, where no terminal is
  // drawn, to that pane's card (or the first card).
  const paneKeyRef = useRef<number | undefined>(undefined);
  paneKeyRef.current = pane?.key;
  useEffect(() => {
    const offHome = setFocusHome(() => {
      const key = paneKeyRef.current;
      if (key !== undefined) terminalFor(key)?.focus();
      if (document.activeElement !== null && document.activeElement !== document.body) return;
      const card =
        document.querySelector<HTMLElement>(`[data-card-pane="${key}"] button`) ??
        document.querySelector<HTMLElement>('[data-card-pane] button');
      card?.focus();
    });
    const offWatch = keepFocusOnPage();
    return () => {
      offWatch();
      offHome();
    };
  }, []);

  // A desktop notification clicked in another window or by the service worker.
  useEffect(() => {
    const onFocusPane = (e: Event) => openPane((e as CustomEvent<{ session: string; key: number }>).detail);
    window.addEventListener('rozi:focus-pane', onFocusPane);
    return () => window.removeEventListener('rozi:focus-pane', onFocusPane);
  }, [openPane]);

  return {
    api,
    control,
    attach,
    currentContext,
    workspace,
    settings,
    session,
    tab,
    pane,
    keymap,
    pending,
    whichKeyMs: whichKeyDelayMs(input.whichKey),
    context,
    actions,
    run,
    runAction,
    status,
    inbox,
    inboxPanel,
    openPane,
    selectSession,
    /** A pane this page is starting, for the phone to open full screen (null on the desktop). */
    landing: landing.landing,
    endLanding: landing.endLanding,
    dialogs: {
      paletteOpen,
      closePalette: () => setPaletteOpen(false),
      launcher,
      closeLauncher: () => setLauncher(null),
      activityOpen,
      profiles,
      closeProfiles: () => setProfiles(null),
      resizing,
      stopResizing: () => setResizing(false),
      collaborators,
      closeCollaborators: () => setCollaborators(false),
      layoutPicker,
      closeLayoutPicker: () => setLayoutPicker(false),
      closeActivity: () => setActivityOpen(false),
      prompt,
      closePrompt: () => setPrompt(null),
      confirm,
      closeConfirm: () => setConfirm(null),
    },
    notices,
    ui,
    focusPane: (p: PaneInfo) => openPane({ session: p.session, key: p.key }),
  };
}

export type WorkspaceController = ReturnType<typeof useWorkspaceController>;
