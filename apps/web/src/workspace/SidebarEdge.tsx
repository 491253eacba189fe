'use client';
// The left sidebar's edge: drag it, or focus it and press ←/→ (Shift for bigger steps, Home/End
// for the limits, Enter to collapse), to size the sidebar; the width is kept per browser.
import { FOCUS_RING } from '@rozi/ui';
import { useRef } from 'react';
import { clampSidebarWidth, SIDEBAR_WIDTH_MAX, SIDEBAR_WIDTH_MIN } from '../settings/settingsModel';
import { updateSettings } from '../settings/settingsStore';

export function SidebarEdge({ width, onCollapse }: { width: number; onCollapse(): void }) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Sidebar width"
      aria-valuemin={SIDEBAR_WIDTH_MIN}
      aria-valuemax={SIDEBAR_WIDTH_MAX}
      aria-valuenow={width}
      tabIndex={0}
      title="Drag to resize the sidebar; Enter hides it"
      data-sidebar-edge=""
      onPointerDown={(e) => {
        drag.current = { x: e.clientX, width };
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (!drag.current) return;
        updateSettings({ sidebarWidth: clampSidebarWidth(drag.current.width + e.clientX - drag.current.x) });
      }}
      onPointerUp={() => (drag.current = null)}
      onKeyDown={(e) => {
        const step = e.shiftKey ? 48 : 16;
        let next: number | undefined;
        if (e.key === 'ArrowLeft') next = width - step;
        else if (e.key === 'ArrowRight') next = width + step;
        else if (e.key === 'Home') next = SIDEBAR_WIDTH_MIN;
        else if (e.key === 'End') next = SIDEBAR_WIDTH_MAX;
        else if (e.key === 'Enter') onCollapse();
        else return;
        e.preventDefault();
        if (next !== undefined) updateSettings({ sidebarWidth: clampSidebarWidth(next) });
      }}
      className={`absolute inset-y-0 -right-1 z-10 w-2 cursor-col-resize hover:bg-accent/40 focus-visible:bg-accent/40 ${FOCUS_RING}`}
    />
  );
}
