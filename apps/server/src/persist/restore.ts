// Resurrection: rebuilds the sessions of a snapshot with fresh PTYs, each pane respawned with its
// command/argv in its last cwd (falling back to the home directory when that is gone). Pane and
// tab ids are kept so `--target N` scripts keep working across restarts; a pane that cannot be
// spawned is dropped from its layout with a warning instead of failing the start.
import { existsSync } from 'node:fs';
import { joinLayouts, paneIds, removePane } from '../session/layout';
import { Session, type SessionManager, type Tab } from '../session/manager';
import type { LayoutNode } from '../session/model';
import { DEFAULT_LAYOUT, isLayoutKind } from '../session/tiling';
import { placeTab, tabOfWorkspace, WORKSPACE_COUNT } from '../session/workspaces';
import { readHistory } from './history';
import { markResumed } from './resumedPanes';
import type { PaneSnapshot, SnapshotData } from './snapshot';

/** The argv that reopens an agent's conversation, from the definitions loaded now; null: none declared. */
export type ResumeArgv = (agent: string, session: string) => string[] | null;

export function restoreSnapshot(o: {
  manager: SessionManager;
  data: SnapshotData;
  home: string;
  historyDir?: string;
  log(line: string): void;
  resumeArgv?: ResumeArgv;
}): number {
  const m = o.manager;
  let restored = 0;
  for (const snap of o.data.sessions) {
    if (m.sessions.has(snap.name)) continue;
    const session = new Session(snap.name, snap.folder && existsSync(snap.folder) ? snap.folder : null);
    m.sessions.set(session.name, session);
    for (const t of snap.tabs) {
      const workspace = workspaceFor(session, t.workspace);
      // More tabs than workspaces (a snapshot from before them): the extras join workspace 9.
      const joinTo = workspace === null ? tabOfWorkspace(session, WORKSPACE_COUNT) : undefined;
      let layout: LayoutNode | null = t.layout;
      for (const id of paneIds(t.layout)) {
        const p = snap.panes.find((x) => x.id === id && x.tab === t.id);
        try {
          if (!p) throw new Error('missing from the snapshot');
          const resume = resumeOf(p, o, `${snap.name}:${id}`);
          const pane = m.restorePane(session, {
            id,
            tab: joinTo?.id ?? t.id,
            launch: {
              command: resume ? null : p.command,
              argv: resume ?? p.argv,
              cwd: existsSync(p.cwd) ? p.cwd : o.home,
              title: p.name,
              keepOpen: p.keepOpen,
              cols: p.cols,
              rows: p.rows,
            },
            preamble: o.historyDir ? readHistory(o.historyDir, snap.name, id) : undefined,
          });
          if (resume) markResumed(pane, { command: p.command, argv: p.argv });
          restored++;
        } catch (err) {
          o.log(
            `warning: could not restore pane ${snap.name}:${id}: ${err instanceof Error ? err.message : String(err)}`,
          );
          layout = layout && removePane(layout, id);
        }
      }
      if (!layout) continue;
      if (joinTo) {
        joinTo.layout = joinLayouts(joinTo.layout, layout);
        continue;
      }
      const ids = paneIds(layout);
      const tab: Tab = {
        id: t.id,
        workspace: workspace ?? WORKSPACE_COUNT,
        layoutKind: isLayoutKind(t.layoutKind) ? t.layoutKind : DEFAULT_LAYOUT,
        name: t.name,
        layout,
        focusedPaneId: ids.includes(t.focusedPaneId) ? t.focusedPaneId : (ids[0] as number),
        zoomedPaneId: t.zoomedPaneId !== null && ids.includes(t.zoomedPaneId) ? t.zoomedPaneId : null,
        // Floating panes, popups and the scratchpad are not part of a snapshot's layout.
        floating: [],
      };
      placeTab(session, tab);
      session.nextTabId = Math.max(session.nextTabId, t.id + 1);
    }
    if (session.tabs.length === 0) {
      m.sessions.delete(session.name);
      continue;
    }
    session.activeTabId = session.tabs.some((t) => t.id === snap.activeTabId)
      ? snap.activeTabId
      : (session.tabs[0] as Tab).id;
    m.bus.emit({ type: 'session-created', session: session.name, instanceId: session.instanceId });
  }
  m.bus.workspaceChanged();
  return restored;
}

/** The resume argv for a pane whose agent reported a conversation, or null to run its own command. */
function resumeOf(
  p: PaneSnapshot,
  o: { resumeArgv?: ResumeArgv; log(line: string): void },
  where: string,
): string[] | null {
  if (!p.agent || !o.resumeArgv) return null;
  const argv = o.resumeArgv(p.agent.id, p.agent.session);
  if (!argv)
    o.log(
      `pane ${where}: agent ${p.agent.id} declares no native resume now; restarting the pane's own command`,
    );
  return argv;
}

/** The saved workspace number when it is valid and free, else the lowest free one, else null. */
function workspaceFor(session: Session, saved: number | undefined): number | null {
  const free = (n: number) => !tabOfWorkspace(session, n);
  if (saved !== undefined && Number.isInteger(saved) && saved >= 1 && saved <= WORKSPACE_COUNT && free(saved))
    return saved;
  for (let n = 1; n <= WORKSPACE_COUNT; n++) if (free(n)) return n;
  return null;
}
