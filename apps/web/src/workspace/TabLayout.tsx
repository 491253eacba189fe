'use client';
// The split panes of one tab. Panes are laid out flat from the layout tree's geometry so a split
// or move never remounts a terminal; dividers drag (live, committed on release) and equalise on
// double-click; a zoomed pane covers the tab while the others stay mounted underneath.
import type { PaneInfo, SessionInfo, TabInfo } from '@rozi/server/model';
import { useEffect, useRef, useState } from 'react';
import type { DividerRect } from '../model/layoutGeometry';
import { dragRatios, layoutGeometry } from '../model/layoutGeometry';
import { notePointer } from '../model/floatRect';
import { FloatingLayer } from './FloatingLayer';
import { PaneView } from './PaneView';
import type { WorkspaceView } from '../cache/useWorkspace';
import type { WorkspaceApi } from '../model/workspaceApi';
import { GAP_PX, tileStyle } from './tileStyle';

const MIN_RATIO = 0.05;
const KEY_STEP = 0.05;
/** Scrollable's pane width as a share of the viewport (rozi's default basis). */
const SCROLLABLE_BASIS = 0.45;

export interface TabLayoutProps {
  session: SessionInfo;
  tab: TabInfo;
  workspace: WorkspaceView;
  api: WorkspaceApi;
  onRun(actionId: string): void;
  onClosePane(pane: PaneInfo): void;
  onRenamePane(pane: PaneInfo): void;
}

interface DragState {
  divider: DividerRect;
  ratios: number[];
}

function pathKey(path: readonly number[]): string {
  return path.join('.');
}

/** Applies in-progress drag ratios to the tree so the panes follow the pointer before the server answers. */
function withRatios(tab: TabInfo, drag: DragState | null): TabInfo['layout'] {
  if (!drag) return tab.layout;
  const apply = (node: TabInfo['layout'], path: number[]): TabInfo['layout'] => {
    if (node.type === 'pane') return node;
    const ratios = pathKey(path) === pathKey(drag.divider.path) ? drag.ratios : node.ratios;
    return { ...node, ratios, children: node.children.map((c, i) => apply(c, [...path, i])) };
  };
  return apply(tab.layout, []);
}

export function TabLayout(props: TabLayoutProps) {
  const { session, tab, workspace, api, onRun, onClosePane } = props;
  const container = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<DragState | null>(null);
  const geometry = layoutGeometry(withRatios(tab, drag));
  const zoomed = tab.zoomedPaneId;

  const commit = (divider: DividerRect, ratios: number[]) => {
    void api
      .resizeSplit({ session: session.name, tab: tab.id, path: divider.path, ratios })
      .finally(() => setDrag(null));
  };

  const startDrag = (divider: DividerRect, event: React.PointerEvent) => {
    const box = container.current?.getBoundingClientRect();
    if (!box) return;
    event.preventDefault();
    const row = divider.direction === 'row';
    const splitPx = row ? divider.split.w * box.width : divider.split.h * box.height;
    const start = row ? event.clientX : event.clientY;
    const initial = divider.ratios;
    let latest = initial;
    const target = event.currentTarget as HTMLElement;
    target.setPointerCapture(event.pointerId);
    const onMove = (e: PointerEvent) => {
      const delta = ((row ? e.clientX : e.clientY) - start) / splitPx;
      latest = dragRatios({ ratios: initial, index: divider.index, delta, min: MIN_RATIO });
      setDrag({ divider, ratios: latest });
    };
    const onUp = () => {
      target.removeEventListener('pointermove', onMove);
      target.removeEventListener('pointerup', onUp);
      target.removeEventListener('pointercancel', onUp);
      if (latest !== initial) commit(divider, latest);
      else setDrag(null);
    };
    target.addEventListener('pointermove', onMove);
    target.addEventListener('pointerup', onUp);
    target.addEventListener('pointercancel', onUp);
  };

  // Scrollable (rozi's strip): three or more panes keep their 0.45 basis each and the strip scrolls.
  const strip = tab.layoutKind === 'scrollable' && geometry.panes.length > 2;
  // The strip moves only as far as it must to show the focused pane whole.
  useEffect(() => {
    if (!strip) return;
    container.current
      ?.querySelector(`[data-pane-slot="${tab.focusedPaneId}"]`)
      ?.scrollIntoView({ inline: 'nearest', block: 'nearest' });
  }, [strip, tab.focusedPaneId]);
  const body = (
    <div
      ref={container}
      className={`relative bg-bg ${strip ? 'h-full' : 'min-h-0 flex-1'}`}
      style={strip ? { width: `${geometry.panes.length * SCROLLABLE_BASIS * 100}%` } : undefined}
      data-tab-layout={tab.id}
      data-layout-kind={tab.layoutKind}
      // Where the mouse last was over the panes: spawn-float opens its float there.
      onPointerMove={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        if (box.width > 0 && box.height > 0)
          notePointer(`${session.name}/${tab.id}`, {
            x: (e.clientX - box.left) / box.width,
            y: (e.clientY - box.top) / box.height,
          });
      }}
    >
      {geometry.panes.map((rect) => {
        const pane = workspace.pane(session.name, rect.paneId);
        if (!pane) return null;
        const hidden = zoomed !== null && zoomed !== rect.paneId;
        const full = zoomed === rect.paneId;
        const style = tileStyle(full ? 'full' : rect);
        return (
          <div
            key={pane.key}
            data-pane-slot={pane.id}
            className={`absolute ${hidden ? 'invisible' : ''} ${full ? 'z-10' : ''}`}
            style={style}
            aria-hidden={hidden || undefined}
          >
            <PaneView
              pane={pane}
              focused={tab.focusedPaneId === pane.id}
              zoomed={full}
              onFocus={() => {
                if (tab.focusedPaneId !== pane.id || session.activeTabId !== tab.id)
                  void api.focusPane(pane.key);
              }}
              onRun={onRun}
              onClose={() => onClosePane(pane)}
              onRename={() => props.onRenamePane(pane)}
              onZoom={() => void api.zoomPane(pane.key)}
              onSplit={(direction) => void api.splitPane({ key: pane.key, direction })}
            />
          </div>
        );
      })}
      {zoomed === null &&
        geometry.dividers.map((divider) => {
          const row = divider.direction === 'row';
          // Inset along the line so a nested divider never sits on top of its parent's crossing it.
          const along = row
            ? {
                top: `calc(${divider.split.y * 100}% + ${GAP_PX}px)`,
                height: `calc(${divider.split.h * 100}% - ${GAP_PX * 2}px)`,
              }
            : {
                left: `calc(${divider.split.x * 100}% + ${GAP_PX}px)`,
                width: `calc(${divider.split.w * 100}% - ${GAP_PX * 2}px)`,
              };
          const at = row
            ? { left: `calc(${divider.at * 100}% - ${GAP_PX}px)`, width: GAP_PX * 2 }
            : { top: `calc(${divider.at * 100}% - ${GAP_PX}px)`, height: GAP_PX * 2 };
          const active =
            drag &&
            pathKey(drag.divider.path) === pathKey(divider.path) &&
            drag.divider.index === divider.index;
          const ratio = divider.ratios.slice(0, divider.index + 1).reduce((a, b) => a + b, 0);
          return (
            <div
              key={`${pathKey(divider.path)}/${divider.index}`}
              role="separator"
              tabIndex={0}
              aria-orientation={row ? 'vertical' : 'horizontal'}
              aria-label={`Resize ${row ? 'columns' : 'rows'} (arrow keys; double-click or Enter to equalize)`}
              aria-valuenow={Math.round(ratio * 100)}
              aria-valuemin={0}
              aria-valuemax={100}
              data-divider={`${pathKey(divider.path)}/${divider.index}`}
              onPointerDown={(e) => startDrag(divider, e)}
              onDoubleClick={() => void api.equalize(session.name, tab.id)}
              onKeyDown={(e) => {
                const back = row ? 'ArrowLeft' : 'ArrowUp';
                const forward = row ? 'ArrowRight' : 'ArrowDown';
                if (e.key === 'Enter') void api.equalize(session.name, tab.id);
                else if (e.key === back || e.key === forward) {
                  commit(
                    divider,
                    dragRatios({
                      ratios: divider.ratios,
                      index: divider.index,
                      delta: e.key === back ? -KEY_STEP : KEY_STEP,
                      min: MIN_RATIO,
                    }),
                  );
                } else return;
                e.preventDefault();
              }}
              style={{ ...along, ...at }}
              className={`group absolute z-20 flex touch-none items-center justify-center outline-none ${row ? 'cursor-col-resize' : 'cursor-row-resize'}`}
            >
              <span
                aria-hidden="true"
                className={`rounded-full transition-colors group-hover:bg-accent/70 group-focus-visible:bg-accent ${active ? 'bg-accent' : 'bg-transparent'} ${row ? 'h-full w-0.5' : 'h-0.5 w-full'}`}
              />
            </div>
          );
        })}
      <FloatingLayer
        session={session}
        tab={tab}
        workspace={workspace}
        api={api}
        container={container}
        onRun={onRun}
        onClosePane={onClosePane}
        onRenamePane={props.onRenamePane}
      />
    </div>
  );
  if (!strip) return body;
  return (
    <div className="min-h-0 flex-1 overflow-x-auto overflow-y-hidden" data-scroll-strip={tab.id}>
      {body}
    </div>
  );
}
