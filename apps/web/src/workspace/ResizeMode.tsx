'use client';
// Resize mode (rozi's keybindings.md): Ctrl+A r, then h/j/k/l or the arrows move the focused
// pane's divider 4% of its split (model/splitResize.ts), Esc (or Enter) leaves. A floating pane
// has no split: l/j grow its rectangle and h/k shrink it from its top-left corner, Shift+h/j/k/l
// move it (model/floatRect.ts), as rozi's keybindings.md says. While it is on, every key is taken
// in the capture phase so none reaches the terminal, and a RESIZE hjkl Esc indicator shows at the
// top of the page (toasts take the bottom). Presses faster than the server's answer each count: a
// press steps from the layout the last press asked for while that request is out, and the
// requests go one after another.
import { useEffect, useRef } from 'react';
import type { ActionContext } from '../actions/actionTypes';
import type { LayoutNode } from '@rozi/server/model';
import { focusedFloat } from '../actions/floatActions';
import { movedFloat, resizedFloat, type FloatRect } from '../model/floatRect';
import { resizeStep, withRatios, type ResizeDirection } from '../model/splitResize';

const KEYS: Record<string, ResizeDirection> = {
  h: 'left',
  ArrowLeft: 'left',
  l: 'right',
  ArrowRight: 'right',
  k: 'up',
  ArrowUp: 'up',
  j: 'down',
  ArrowDown: 'down',
};

export function ResizeMode({
  active,
  context,
  onExit,
}: {
  active: boolean;
  /** The page's action context as it is now (focused pane, its layout, the api). */
  context: () => ActionContext;
  onExit(): void;
}) {
  // The layout the last press asked for, while its request is out (null: read the page's).
  const asked = useRef<{ layout: LayoutNode; tab: number } | null>(null);
  // The same for a float's rectangle, by pane key.
  const askedRect = useRef<{ rect: FloatRect; key: number } | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const inFlight = useRef(0);
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Shift' || e.key === 'Control' || e.key === 'Alt' || e.key === 'Meta') return;
      e.preventDefault();
      e.stopPropagation();
      if (e.key === 'Escape' || e.key === 'Enter' || e.key === 'q') return onExit();
      const shifted = e.shiftKey && /^[HJKL]$/.test(e.key);
      const direction = KEYS[shifted ? e.key.toLowerCase() : e.key];
      const ctx = context();
      if (!direction || !ctx.session || !ctx.tab || !ctx.pane) return;
      const float = focusedFloat(ctx);
      if (float) {
        const key = ctx.pane.key;
        const from = askedRect.current?.key === key ? askedRect.current.rect : float;
        const rect = shifted ? movedFloat(from, direction) : resizedFloat(from, direction);
        askedRect.current = { rect, key };
        inFlight.current++;
        queue.current = queue.current
          .then(async () => {
            await ctx.api.setFloatRect({ key, ...rect });
          })
          .catch((err: unknown) => ctx.ui.notice(err instanceof Error ? err.message : String(err), 'error'))
          .finally(() => {
            if (--inFlight.current === 0) {
              asked.current = null;
              askedRect.current = null;
            }
          });
        return;
      }
      if (shifted) return; // resize mode never moves a tile (rozi)
      const tab = ctx.tab.id;
      const from = asked.current?.tab === tab ? asked.current.layout : ctx.tab.layout;
      const step = resizeStep(from, { pane: ctx.pane.id, direction });
      if (!step) return;
      asked.current = { layout: withRatios(from, step), tab };
      inFlight.current++;
      const session = ctx.session.name;
      queue.current = queue.current
        .then(async () => {
          await ctx.api.resizeSplit({ session, tab, ...step });
        })
        .catch((err: unknown) => ctx.ui.notice(err instanceof Error ? err.message : String(err), 'error'))
        .finally(() => {
          if (--inFlight.current === 0) {
            asked.current = null;
            askedRect.current = null;
          }
        });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [active, context, onExit]);
  if (!active) return null;
  return (
    <div
      data-resize-mode
      role="status"
      className="pointer-events-none fixed left-1/2 top-10 z-50 -translate-x-1/2 rounded-md border border-done/60 bg-surface px-3 py-1 font-mono text-[12px] text-done shadow-lg"
    >
      RESIZE hjkl Esc
    </div>
  );
}
