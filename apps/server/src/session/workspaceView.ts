// The workspace as the page and list-panes see it (model.ts): every session with its tabs (the
// tiled layout and the panes floating over it) and every pane's row, tiles in layout order
// first, then each tab's floats.
import type { PaneInfo, SessionInfo, TabInfo, WorkspaceInfo } from './model';
import type { Pane } from './pane';
import type { Session } from './sessionState';
import { tabPaneIds } from './floating';

type Tab = Session['tabs'][number];

/** A tab's tiled part as the page and the snapshot keep it (the floats are added by the view only). */
export function tiledTabOf(t: Tab): Omit<TabInfo, 'floating'> {
  return {
    id: t.id,
    workspace: t.workspace,
    layoutKind: t.layoutKind,
    name: t.name,
    layout: t.layout,
    focusedPaneId: t.focusedPaneId,
    zoomedPaneId: t.zoomedPaneId,
  };
}

export function workspaceOf(all: Iterable<Session>, paneInfo: (p: Pane) => PaneInfo): WorkspaceInfo {
  const sessions: SessionInfo[] = [];
  const panes: PaneInfo[] = [];
  for (const s of all) {
    sessions.push({
      name: s.name,
      instanceId: s.instanceId,
      folder: s.folder,
      activeTabId: s.activeTabId,
      tabs: s.tabs.map((t) => ({ ...tiledTabOf(t), floating: t.floating.map((f) => ({ ...f })) })),
    });
    for (const t of s.tabs)
      for (const id of tabPaneIds(t)) {
        const p = s.panes.get(id);
        if (p) panes.push(paneInfo(p));
      }
  }
  return { sessions, panes };
}
