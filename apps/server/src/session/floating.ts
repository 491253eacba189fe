// Panes over a workspace's tiles (rozi's layouts-and-panes.md "Floating panes" and "Popup runner",
// keybindings.md "Scratchpad"): a floating pane lifted out of the tiling, a one-shot popup and the
// scratchpad. Each lives in its tab's `floating` list with a rectangle in fractions of the pane
// area and never in `tab.layout`, so tiling ignores it. The manager owns the panes (spawn, kill,
// close); this file decides where they sit, and the manager calls dropFloat / adoptFloat when
// one of them closes.
import { paneIds } from './layout';
import { RoziError } from './errors';
import type { FloatingPane, FloatKind, PaneId, TabId } from './model';
import type { Pane } from './pane';
import type { Session, Tab } from './sessionState';
import { placeInTab, removeFromTab, type TilingContext } from './tabLayout';

/** What a new floating pane runs (the manager's FloatLaunch, the fields used here). */
export interface FloatLaunch {
  command?: string | null;
  argv?: string[] | null;
  cwd?: string | null;
  title?: string | null;
  keepOpen?: boolean;
}

/** The session manager as this file uses it (declared here so the two do not import each other). */
export interface FloatHost {
  sessionOf(p: Pane): Session;
  liveCwd(p: Pane): string;
  spawnPane(session: Session, o: { tab: TabId; req: FloatLaunch; near: Pane | null }): Pane;
  focus(pane: Pane): void;
  tilingContext(session: Session): TilingContext;
  readonly bus: { workspaceChanged(): void };
}

export interface FloatRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A pane toggled to float (and spawn-float): centred, 60% × 70% of the pane area. */
export const FLOAT_RECT: FloatRect = { x: 0.2, y: 0.15, width: 0.6, height: 0.7 };
/** A popup: centred, 80% × 80% (rozi's popup runner). */
export const POPUP_RECT: FloatRect = { x: 0.1, y: 0.1, width: 0.8, height: 0.8 };
/** [scratchpad] height: default 0.4 of the area, clamped to 0.1–0.9 (configuration.md). */
export const SCRATCHPAD_HEIGHT = { default: 0.4, min: 0.1, max: 0.9 };
/** The share of a float that stays on the area when it is dragged or nudged off an edge. */
const GRAB_MARGIN = 0.05;
const MIN_SIZE = 0.1;
/** A float nudged by move/swap keys slides 4% of the area (keybindings.md). */
export const NUDGE_STEP = 0.04;

/** The pane a float hands focus back to when it closes or hides (the tile focused before it). */
const returnTo = new WeakMap<FloatingPane, PaneId>();

export function floatOf(tab: Tab, id: PaneId): FloatingPane | undefined {
  return tab.floating.find((f) => f.paneId === id);
}

function clampNumber(n: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, n));
}

/** A rectangle kept grabbable: at least 10% in size, a margin of it left on the area. */
export function clampRect(r: FloatRect): FloatRect {
  const width = clampNumber(r.width, MIN_SIZE, 1);
  const height = clampNumber(r.height, MIN_SIZE, 1);
  return {
    width,
    height,
    x: clampNumber(r.x, GRAB_MARGIN - width, 1 - GRAB_MARGIN),
    // The top edge carries the title bar: it stays on the area so the float can be dragged back.
    y: clampNumber(r.y, 0, 1 - GRAB_MARGIN),
  };
}

function checkRect(r: FloatRect): void {
  for (const k of ['x', 'y', 'width', 'height'] as const)
    if (!Number.isFinite(r[k]))
      throw new RoziError('invalid', `floating ${k} must be a number, got ${String(r[k])}`);
}

/** The tiled pane focus goes back to: the remembered one when it is still tiled, else the first. */
function tileToFocus(tab: Tab, f: FloatingPane | undefined): PaneId {
  const ids = paneIds(tab.layout);
  const back = f && returnTo.get(f);
  return back !== undefined && ids.includes(back) ? back : (ids[0] as PaneId);
}

/** Where a split or move aimed at `id` lands: `id` when it is a tile, else the tile under its float. */
export function tileBeside(tab: Tab, id: PaneId): PaneId {
  return floatOf(tab, id) ? tileToFocus(tab, floatOf(tab, id)) : id;
}

function push(tab: Tab, f: FloatingPane): FloatingPane {
  if (!floatOf(tab, tab.focusedPaneId)) returnTo.set(f, tab.focusedPaneId);
  else {
    const back = returnTo.get(floatOf(tab, tab.focusedPaneId) as FloatingPane);
    if (back !== undefined) returnTo.set(f, back);
  }
  tab.floating.push(f);
  return f;
}

/** Called by the manager when a pane leaves its tab: true when it was floating there. */
export function dropFloat(tab: Tab, id: PaneId): boolean {
  const f = floatOf(tab, id);
  if (!f) return false;
  tab.floating = tab.floating.filter((x) => x !== f);
  if (tab.zoomedPaneId === id) tab.zoomedPaneId = null;
  if (tab.focusedPaneId === id) tab.focusedPaneId = tileToFocus(tab, f);
  return true;
}

/**
 * The last tile of a tab closed while panes float over it: the first visible float becomes the
 * tile (a workspace keeps its panes). False when nothing floats and the tab goes.
 */
export function adoptFloat(tab: Tab): boolean {
  const f = tab.floating.find((x) => !x.hidden) ?? tab.floating[0];
  if (!f) return false;
  tab.floating = tab.floating.filter((x) => x !== f);
  tab.layout = { type: 'pane', paneId: f.paneId };
  tab.focusedPaneId = f.paneId;
  tab.zoomedPaneId = null;
  return true;
}

/** Every pane id of a tab: tiles in layout order, then the floats. */
export function tabPaneIds(tab: Tab): PaneId[] {
  return [...paneIds(tab.layout), ...tab.floating.map((f) => f.paneId)];
}

function popupOf(session: Session): { tab: Tab; float: FloatingPane } | undefined {
  for (const tab of session.tabs) {
    const float = tab.floating.find((f) => f.kind === 'popup');
    if (float) return { tab, float };
  }
  return undefined;
}

/**
 * A new pane floating over the tab of `near` (spawn-float, a popup): it takes the focus. Only
 * one popup at a time per session (rozi's popup runner): a second is refused in one line.
 */
export function spawnFloating(
  m: FloatHost,
  o: { near: Pane; launch: FloatLaunch; kind: 'float' | 'popup'; rect?: FloatRect; focus?: boolean },
): Pane {
  const session = m.sessionOf(o.near);
  const tab = session.tab(o.near.tab);
  if (o.kind === 'popup') {
    const open = popupOf(session);
    if (open)
      throw new RoziError(
        'conflict',
        `a popup is already open (pane ${open.float.paneId}): close it first (Close pane, or Enter once it has ended)`,
      );
  }
  const rect = o.rect ? (checkRect(o.rect), clampRect(o.rect)) : o.kind === 'popup' ? POPUP_RECT : FLOAT_RECT;
  const launch = { ...o.launch, cwd: o.launch.cwd ?? m.liveCwd(o.near) };
  const pane = m.spawnPane(session, { tab: tab.id, req: launch, near: o.near });
  push(tab, { paneId: pane.id, ...rect, kind: o.kind });
  if (o.focus === false) m.bus.workspaceChanged();
  else m.focus(pane);
  return pane;
}

/** rozi's toggle-float: a tile lifts out to a centred float; a float goes back beside the last tile. */
export function toggleFloat(m: FloatHost, pane: Pane): { floating: boolean; pane: PaneId } {
  const session = m.sessionOf(pane);
  const tab = session.tab(pane.tab);
  const f = floatOf(tab, pane.id);
  if (f) {
    if (f.kind !== 'float')
      throw new RoziError('invalid', `pane ${pane.id} is the ${f.kind}: it stays over the layout`);
    const target = tileToFocus(tab, f);
    tab.floating = tab.floating.filter((x) => x !== f);
    placeInTab(tab, { targetId: target, newId: pane.id, direction: 'auto' }, m.tilingContext(session));
    m.focus(pane);
    return { floating: false, pane: pane.id };
  }
  if (paneIds(tab.layout).length < 2)
    throw new RoziError(
      'invalid',
      `pane ${pane.id} is the only tile of workspace ${tab.workspace}: a workspace keeps one tiled pane`,
    );
  removeFromTab(tab, pane.id, m.tilingContext(session));
  if (tab.zoomedPaneId === pane.id) tab.zoomedPaneId = null;
  const back = paneIds(tab.layout)[0] as PaneId;
  tab.focusedPaneId = back;
  push(tab, { paneId: pane.id, ...FLOAT_RECT, kind: 'float' });
  m.focus(pane);
  return { floating: true, pane: pane.id };
}

/** Moves or resizes a floating pane; the scratchpad keeps its bottom edge and full width. */
export function setFloatRect(m: FloatHost, o: { pane: Pane; rect: FloatRect }): FloatingPane {
  checkRect(o.rect);
  const tab = m.sessionOf(o.pane).tab(o.pane.tab);
  const f = floatOf(tab, o.pane.id);
  if (!f)
    throw new RoziError('invalid', `pane ${o.pane.id} is tiled, not floating: toggle-float lifts it first`);
  if (f.kind === 'scratchpad') {
    const height = clampNumber(o.rect.height, SCRATCHPAD_HEIGHT.min, SCRATCHPAD_HEIGHT.max);
    Object.assign(f, { x: 0, width: 1, height, y: 1 - height });
  } else Object.assign(f, clampRect(o.rect));
  m.bus.workspaceChanged();
  return f;
}

/** Move/swap keys on a float slide it one step (4% of the area) instead of trading slots. */
export function nudgeFloat(
  m: FloatHost,
  o: { pane: Pane; direction: 'left' | 'right' | 'up' | 'down' },
): FloatingPane | undefined {
  const f = floatOf(m.sessionOf(o.pane).tab(o.pane.tab), o.pane.id);
  if (!f || f.kind === 'scratchpad') return undefined;
  const dx = o.direction === 'left' ? -NUDGE_STEP : o.direction === 'right' ? NUDGE_STEP : 0;
  const dy = o.direction === 'up' ? -NUDGE_STEP : o.direction === 'down' ? NUDGE_STEP : 0;
  return setFloatRect(m, {
    pane: o.pane,
    rect: { x: f.x + dx, y: f.y + dy, width: f.width, height: f.height },
  });
}

export interface ScratchpadSettings {
  command?: string;
  cwd?: string;
  height: number;
}

function scratchpadOf(session: Session): { tab: Tab; float: FloatingPane } | undefined {
  for (const tab of session.tabs) {
    const float = tab.floating.find((f) => f.kind === 'scratchpad');
    if (float) return { tab, float };
  }
  return undefined;
}

/**
 * rozi's scratchpad toggle for a session: shown over the active workspace → hidden (its process
 * runs on); hidden or shown elsewhere → shown here, focused; none yet → started from
 * [scratchpad] command / cwd / height, anchored to the bottom edge.
 */
export function toggleScratchpad(
  m: FloatHost,
  o: { session: Session; settings: ScratchpadSettings },
): { shown: boolean; pane: PaneId } {
  const { session } = o;
  const active = session.tab(session.activeTabId);
  const found = scratchpadOf(session);
  const pane = found && session.panes.get(found.float.paneId);
  if (found && pane) {
    const { tab, float } = found;
    if (tab === active && !float.hidden) {
      float.hidden = true;
      if (tab.zoomedPaneId === pane.id) tab.zoomedPaneId = null;
      const back = session.panes.get(tileToFocus(tab, float));
      if (back) m.focus(back);
      else m.bus.workspaceChanged();
      return { shown: false, pane: pane.id };
    }
    tab.floating = tab.floating.filter((x) => x !== float);
    if (tab.focusedPaneId === pane.id) tab.focusedPaneId = tileToFocus(tab, float);
    pane.tab = active.id;
    push(active, { ...float, hidden: false });
    m.focus(pane);
    return { shown: true, pane: pane.id };
  }
  const near = session.panes.get(active.focusedPaneId);
  const height = clampNumber(o.settings.height, SCRATCHPAD_HEIGHT.min, SCRATCHPAD_HEIGHT.max);
  const launch: FloatLaunch = {
    command: o.settings.command ?? null,
    cwd: o.settings.cwd ?? (near ? m.liveCwd(near) : null),
    title: 'scratchpad',
  };
  const spawned = m.spawnPane(session, { tab: active.id, req: launch, near: near ?? null });
  push(active, { paneId: spawned.id, x: 0, y: 1 - height, width: 1, height, kind: 'scratchpad' });
  m.focus(spawned);
  return { shown: true, pane: spawned.id };
}

/** The kind of a pane's float, or null when it is tiled. */
export function floatKind(m: FloatHost, pane: Pane): FloatKind | null {
  return floatOf(m.sessionOf(pane).tab(pane.tab), pane.id)?.kind ?? null;
}
