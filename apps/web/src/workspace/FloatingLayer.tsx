'use client';
// Panes over the tiles (rozi's floating panes, popups and the scratchpad; TabInfo.floating): each
// at its rectangle in fractions of the pane area, with a double border and a kind badge. Drag
// the title bar to move a float, its corner to resize it; the scratchpad sits on the bottom edge
// and its title bar drags its height. A click on the dimmed area around a popup closes it, around
// the scratchpad hides it; an ended popup is dismissed with Enter, Escape or Space (while its
// program runs, every key goes to the program).
import type { FloatingPane, PaneInfo, SessionInfo, TabInfo } from '@rozi/server/model';
import { useState } from 'react';
import type { WorkspaceView } from '../cache/useWorkspace';
import type { WorkspaceApi } from '../model/workspaceApi';
import { PaneView } from './PaneView';
import { tileStyle } from './tileStyle';

type Rect = Pick<FloatingPane, 'x' | 'y' | 'width' | 'height'>;
type Drag = { paneId: number; rect: Rect };
const DISMISS_KEYS = new Set(['Enter', 'Escape', ' ']);

export interface FloatingLayerProps {
  session: SessionInfo;
  tab: TabInfo;
  workspace: WorkspaceView;
  api: WorkspaceApi;
  container: React.RefObject<HTMLDivElement | null>;
  onRun(actionId: string): void;
  onClosePane(pane: PaneInfo): void;
  onRenamePane(pane: PaneInfo): void;
}

/** The rectangle a pointer drag gives: `move` shifts it, `resize` grows it from the corner. */
export function draggedRect(o: {
  start: Rect;
  dx: number;
  dy: number;
  mode: 'move' | 'resize' | 'height';
}): Rect {
  const { start, dx, dy } = o;
  if (o.mode === 'move') return { ...start, x: start.x + dx, y: start.y + dy };
  if (o.mode === 'resize') return { ...start, width: start.width + dx, height: start.height + dy };
  // The scratchpad keeps its bottom edge: dragging the top edge up makes it taller.
  return { ...start, y: start.y + dy, height: start.height - dy };
}

export function FloatingLayer(props: FloatingLayerProps) {
  const { session, tab, workspace, api } = props;
  const [drag, setDrag] = useState<Drag | null>(null);
  const floats = (tab.floating ?? []).filter((f) => !f.hidden);
  if (floats.length === 0) return null;

  const startDrag = (
    f: FloatingPane,
    pane: PaneInfo,
    o: { event: React.PointerEvent; mode: 'move' | 'resize' | 'height' },
  ) => {
    const box = props.container.current?.getBoundingClientRect();
    if (!box || o.event.button !== 0) return;
    o.event.preventDefault();
    const target = o.event.currentTarget as HTMLElement;
    target.setPointerCapture(o.event.pointerId);
    const x0 = o.event.clientX;
    const y0 = o.event.clientY;
    const start: Rect = { x: f.x, y: f.y, width: f.width, height: f.height };
    let latest = start;
    const onMove = (e: PointerEvent) => {
      latest = draggedRect({
        start,
        dx: (e.clientX - x0) / box.width,
        dy: (e.clientY - y0) / box.height,
        mode: o.mode,
      });
      setDrag({ paneId: f.paneId, rect: latest });
    };
    const onUp = () => {
      target.removeEventListener('pointermove', onMove);
      target.removeEventListener('pointerup', onUp);
      target.removeEventListener('pointercancel', onUp);
      if (latest === start) return setDrag(null);
      void api.setFloatRect({ key: pane.key, ...latest }).finally(() => setDrag(null));
    };
    target.addEventListener('pointermove', onMove);
    target.addEventListener('pointerup', onUp);
    target.addEventListener('pointercancel', onUp);
  };

  return (
    <>
      {floats.map((f) => {
        const pane = workspace.pane(session.name, f.paneId);
        if (!pane) return null;
        const full = tab.zoomedPaneId === f.paneId;
        const r = drag?.paneId === f.paneId ? drag.rect : f;
        const style = tileStyle(full ? 'full' : { x: r.x, y: r.y, w: r.width, h: r.height });
        const layer = f.kind === 'popup' ? 'z-40' : f.kind === 'scratchpad' ? 'z-[35]' : 'z-30';
        const focused = tab.focusedPaneId === pane.id;
        return (
          <div key={pane.key} className="contents">
            {f.kind !== 'float' && !full && (
              <div
                aria-hidden="true"
                data-float-backdrop={f.kind}
                className={`absolute inset-0 bg-black/35 ${layer}`}
                onPointerDown={(e) => {
                  e.preventDefault();
                  if (f.kind === 'popup') void api.killPane(pane.key);
                  else void api.toggleScratchpad(session.name);
                }}
              />
            )}
            <div
              data-floating={f.kind}
              data-pane-slot={pane.id}
              className={`absolute rounded-[5px] border-[3px] border-double ${focused ? 'border-accent' : 'border-line'} bg-bg shadow-2xl ${layer}`}
              style={style}
              onPointerDownCapture={(e) => {
                const el = e.target as HTMLElement;
                if (full || !el.closest('header') || el.closest('button')) return;
                // The drag takes the pointer, so the title bar's own focus-on-press does not fire.
                if (!focused) void api.focusPane(pane.key);
                startDrag(f, pane, { event: e, mode: f.kind === 'scratchpad' ? 'height' : 'move' });
              }}
              onKeyDownCapture={(e) => {
                if (f.kind !== 'popup' || !pane.exited || !DISMISS_KEYS.has(e.key)) return;
                e.preventDefault();
                e.stopPropagation();
                void api.killPane(pane.key);
              }}
            >
              <PaneView
                pane={pane}
                focused={focused}
                zoomed={full}
                badge={f.kind === 'float' ? 'floating' : f.kind}
                onFocus={() => {
                  if (!focused || session.activeTabId !== tab.id) void api.focusPane(pane.key);
                }}
                onRun={props.onRun}
                onClose={() => props.onClosePane(pane)}
                onRename={() => props.onRenamePane(pane)}
                onZoom={() => void api.zoomPane(pane.key)}
                onSplit={(direction) => void api.splitPane({ key: pane.key, direction })}
              />
              {f.kind === 'popup' && pane.exited && (
                <div className="pointer-events-none absolute inset-x-0 bottom-2 flex justify-center">
                  <span
                    role="status"
                    data-popup-ended=""
                    className="rounded-md border border-line bg-surface/95 px-3 py-1 text-[12px] text-muted shadow"
                  >
                    Ended — Enter, Escape or Space closes the popup
                  </span>
                </div>
              )}
              {f.kind !== 'scratchpad' && !full && (
                <div
                  role="separator"
                  aria-label={`Resize floating pane ${pane.id}`}
                  data-float-resize={pane.id}
                  className="absolute -bottom-1 -right-1 h-4 w-4 cursor-nwse-resize touch-none"
                  onPointerDown={(e) => startDrag(f, pane, { event: e, mode: 'resize' })}
                />
              )}
            </div>
          </div>
        );
      })}
    </>
  );
}
