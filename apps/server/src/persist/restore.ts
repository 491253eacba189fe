// Resurrection: rebuilds the sessions of a snapshot with fresh PTYs, each pane respawned with its
// command/argv in its last cwd (falling back to the home directory when that is gone). Pane and
// tab ids are kept so `--target N` scripts keep working across restarts; a pane that cannot be
// spawned is dropped from its layout with a warning instead of failing the start.
import { existsSync } from 'node:fs';
import { joinLayouts, paneIds, removePane } from '../session/layout';
import { Session, type SessionManager, type Tab } from '../session/manager';
import type { FloatingPane, LayoutNode } from '../session/model';
import { DEFAULT_LAYOUT, isLayoutKind } from '../session/tiling';
import { placeTab, tabOfWorkspace, WORKSPACE_COUNT } from '../session/workspaces';
import { readHistory } from './history';
import { markResumed } from './resumedPanes';
import type { PaneSnapshot, SessionSnapshot, SnapshotData } from './snapshot';

/** The argv that reopens an agent's conversation, from the definitions loaded now; null: none declared. */
export type ResumeArgv = (agent: string, session: string) => string[] | null;

export interface RestoreOptions {
  manager: SessionManager;
  data: SnapshotData;
  home: string;
  historyDir?: string;
  log(line: string): void;
  resumeArgv?: ResumeArgv;
}

export function restoreSnapshot(o: RestoreOptions): number {
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
      const spawn = (id: number) => restoreOne({ o, session, snap, tab: t.id, into: joinTo?.id ?? t.id, id });
      let layout: LayoutNode | null = t.layout;
      for (const id of paneIds(t.layout)) {
        if (spawn(id)) restored++;
        else layout = layout && removePane(layout, id);
      }
      // Floats come back where they were; one whose program cannot start is dropped.
      const floating = (t.floating ?? []).filter(
        (f) => !paneIds(t.layout).includes(f.paneId) && spawn(f.paneId),
      );
      restored += floating.length;
      // Every tile failed but a float came back: the first float becomes the tile.
      if (!layout && floating.length > 0)
        layout = { type: 'pane', paneId: (floating.shift() as FloatingPane).paneId };
      if (!layout) continue;
      if (joinTo) {
        joinTo.layout = joinLayouts(joinTo.layout, layout);
        joinTo.floating.push(...floating);
        continue;
      }
      // The focus or the zoom may be on a float (toggle-fullscreen zooms a float too).
      const ids = [...paneIds(layout), ...floating.map((f) => f.paneId)];
      const tab: Tab = {
        id: t.id,
        workspace: workspace ?? WORKSPACE_COUNT,
        layoutKind: isLayoutKind(t.layoutKind) ? t.layoutKind : DEFAULT_LAYOUT,
        name: t.name,
        layout,
        focusedPaneId: ids.includes(t.focusedPaneId) ? t.focusedPaneId : (ids[0] as number),
        zoomedPaneId: t.zoomedPaneId !== null && ids.includes(t.zoomedPaneId) ? t.zoomedPaneId : null,
        floating: floating.map((f) => ({ ...f, kind: 'float' as const })),
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

/** Respawns one saved pane (tile or float) with its old id; false (and a warning) when it cannot. */
function restoreOne(r: {
  o: RestoreOptions;
  session: Session;
  snap: SessionSnapshot;
  tab: number;
  into: number;
  id: number;
}): boolean {
  const { o, snap, id } = r;
  const p = snap.panes.find((x) => x.id === id && x.tab === r.tab);
  try {
    if (!p) throw new Error('missing from the snapshot');
    const resume = resumeOf(p, o, `${snap.name}:${id}`);
    const pane = o.manager.restorePane(r.session, {
      id,
      tab: r.into,
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
    return true;
  } catch (err) {
    o.log(
      `warning: could not restore pane ${snap.name}:${id}: ${err instanceof Error ? err.message : String(err)}`,
    );
    return false;
  }
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
