// Every call the page makes to the server's tRPC procedures, in one place: the rest of the UI
// says what it wants (split this pane, close that tab) and never spells a procedure name.
import type { HostInfo, LayoutKind, PaneInfo, SplitDirection } from '@rozi/server/model';
import type { RoziClient } from '../api/trpcClient';

export interface Launch {
  command?: string | null;
  argv?: string[] | null;
  cwd?: string | null;
  title?: string | null;
}

export interface WorkspaceApi {
  /** Fresh pane rows (what runs in the foreground changes without a workspace event). */
  listPanes(session?: string): Promise<PaneInfo[]>;
  splitPane(o: {
    key: number;
    /** 'auto': where the workspace's layout puts a new pane (dwindle: along the longer side). */
    direction: SplitDirection | 'auto';
    launch?: Launch;
    before?: boolean;
  }): Promise<unknown>;
  focusPane(key: number): Promise<unknown>;
  /** A person activated a row `rozi publish` published for the pane: focus it, tell the publisher. */
  activateRow(key: number, row: string): Promise<unknown>;
  killPane(key: number): Promise<unknown>;
  renamePane(key: number, name: string | null): Promise<unknown>;
  zoomPane(key: number, on?: boolean): Promise<unknown>;
  /** Moves pane `key` beside pane `toId` (an id in the same session). */
  movePane(o: { key: number; toId: number; direction: SplitDirection; before: boolean }): Promise<unknown>;
  sendText(key: number, text: string): Promise<unknown>;
  /** The last finished command's output as the server's mirror holds it (capture-pane --last-output). */
  lastOutput(key: number): Promise<string>;
  resizeSplit(o: { session: string; tab: number; path: number[]; ratios: number[] }): Promise<unknown>;
  equalize(session: string, tab: number): Promise<unknown>;
  newTab(o: { session: string; launch?: Launch; name?: string }): Promise<unknown>;
  selectTab(session: string, tab: number): Promise<unknown>;
  /** Shows workspace `n` (1-9), opening it with a shell when empty. */
  switchWorkspace(session: string, n: number): Promise<unknown>;
  /** Re-tiles a workspace in another layout kind. */
  setLayout(o: { session: string; tab: number; layout: LayoutKind }): Promise<unknown>;
  /** Exchanges pane `key` with pane `withId` of its workspace, in place. */
  swapPane(key: number, withId: number): Promise<unknown>;
  /** Pane `key` takes its workspace's first (master) slot. */
  promotePane(key: number): Promise<unknown>;
  /** Moves pane `key` to workspace `n`, which is then shown. */
  moveToWorkspace(key: number, n: number): Promise<unknown>;
  /** rozi's toggle-float: the tile lifts out over the layout, a float goes back into it. */
  toggleFloat(key: number): Promise<unknown>;
  /** Moves / resizes a floating pane (fractions of the pane area). */
  setFloatRect(o: { key: number; x: number; y: number; width: number; height: number }): Promise<unknown>;
  /** A new shell pane floating over pane `key`'s workspace (spawn-float); no rect = centred. */
  spawnFloat(key: number, rect?: { x: number; y: number; width: number; height: number }): Promise<unknown>;
  /** Shows or hides the session's scratchpad (started from [scratchpad] the first time). */
  toggleScratchpad(session: string): Promise<unknown>;
  renameTab(session: string, tab: number, name: string): Promise<unknown>;
  closeTab(session: string, tab: number): Promise<unknown>;
  /** Resolves to the new session's name (the server picks one when none is given; `dev@box` on a host). */
  newSession(o: { name?: string; folder?: string | null; launch?: Launch; host?: string }): Promise<string>;
  /** The remote hosts a session can start on: configured, ~/.ssh/config aliases, attached ones. */
  listHosts(): Promise<HostInfo[]>;
  renameSession(name: string, to: string): Promise<unknown>;
  killSession(name: string): Promise<unknown>;
  setFolder(name: string, folder: string | null): Promise<unknown>;
  /** A link whose holder watches `session` but can never type (rozi's attach --read-only). */
  readOnlyLink(session: string): Promise<string>;
}

export function workspaceApi(client: RoziClient): WorkspaceApi {
  return {
    listPanes: (session) => client.panes.list.query(session ? { session } : undefined),
    splitPane: ({ key, direction, launch, before }) =>
      client.panes.split.mutate({ key, direction, before, focus: true, ...launch }),
    focusPane: (key) => client.panes.focus.mutate({ key }),
    activateRow: (key, row) => client.status.activateRow.mutate({ key, row }),
    killPane: (key) => client.panes.kill.mutate({ key }),
    renamePane: (key, name) => client.panes.rename.mutate({ key, name }),
    zoomPane: (key, on) => client.panes.zoom.mutate({ key, on }),
    movePane: ({ key, toId, direction, before }) =>
      client.panes.move.mutate({ key, to: toId, direction, before }),
    sendText: (key, text) => client.panes.sendText.mutate({ key, text }),
    lastOutput: async (key) =>
      (await client.panes.capture.query({ key, scrollback: 'last-output' })).lines.join('\n'),
    resizeSplit: ({ session, tab, path, ratios }) =>
      client.panes.resizeSplit.mutate({ session, tab, path, ratios }),
    equalize: (session, tab) => client.panes.equalize.mutate({ session, tab }),
    newTab: ({ session, launch, name }) => client.tabs.create.mutate({ session, name, ...launch }),
    selectTab: (session, tab) => client.tabs.select.mutate({ session, tab }),
    switchWorkspace: (session, workspace) => client.tabs.switchWorkspace.mutate({ session, workspace }),
    setLayout: ({ session, tab, layout }) => client.tabs.setLayout.mutate({ session, tab, layout }),
    swapPane: (key, withId) => client.panes.swap.mutate({ key, with: withId }),
    promotePane: (key) => client.panes.promote.mutate({ key }),
    moveToWorkspace: (key, workspace) => client.panes.moveToWorkspace.mutate({ key, workspace }),
    toggleFloat: (key) => client.floating.toggle.mutate({ key }),
    setFloatRect: (o) => client.floating.setRect.mutate(o),
    spawnFloat: (key, rect) => client.floating.spawn.mutate({ key, kind: 'float', rect }),
    toggleScratchpad: (session) => client.floating.scratchpad.mutate({ session }),
    renameTab: (session, tab, name) => client.tabs.rename.mutate({ session, tab, name }),
    closeTab: (session, tab) => client.tabs.close.mutate({ session, tab }),
    newSession: async ({ name, folder, launch, host }) =>
      (await client.sessions.create.mutate({ name, folder, host, ...launch })).session,
    listHosts: () => client.hosts.list.query(),
    renameSession: (name, to) => client.sessions.rename.mutate({ session: name, to }),
    killSession: (name) => client.sessions.kill.mutate({ session: name }),
    setFolder: (name, folder) => client.sessions.setFolder.mutate({ session: name, folder }),
    readOnlyLink: async (session) => (await client.sessions.readOnlyLink.query({ session })).url,
  };
}
