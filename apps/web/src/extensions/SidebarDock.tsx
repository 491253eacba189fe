'use client';
// One sidebar dock (left or right) in the dock/panel model of rozi's sidebar (spec: Sidebar tabs):
// up to three panels stacked top to bottom, each with a strip of the tabs placed in it and the
// selected tab's content below. Built-in tabs (Sessions, Panes, Files, Git) are drawn by the
// caller (`builtins`); extension tabs draw their launcher entries or rows here. Only the selected
// tab is mounted, so a Files or Git tab that is not showing reads nothing. Placement comes from Sidebar tabs…
// (the user's choice) or the tab's suggested_location.
import { FOCUS_RING, IconButton } from '@rozi/ui';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** The body of each built-in tab, by id. */
export type BuiltinBodies = Partial<Record<string, ReactNode>>;
import { OPEN_SIDEBAR_TABS_EVENT } from './useExtensionActions';
import { panelsOf, SESSIONS_TAB_ID, type DockTab } from './useSidebarTabs';
import { SidebarTabBody } from './SidebarTabBody';

export function SidebarDock({
  dock,
  tabs,
  builtins,
}: {
  dock: 'left' | 'right';
  tabs: readonly DockTab[];
  builtins: BuiltinBodies;
}) {
  const panels = panelsOf(tabs, dock);
  if (panels.length === 0) return null;
  return (
    <div className="flex h-full min-h-0 flex-col bg-surface" data-dock={dock}>
      {panels.map((p, i) => (
        <DockPanel
          key={p.panel}
          dock={dock}
          panel={p.panel}
          tabs={p.tabs}
          builtins={builtins}
          first={i === 0}
        />
      ))}
    </div>
  );
}

function DockPanel({
  dock,
  panel,
  tabs,
  builtins,
  first,
}: {
  dock: string;
  panel: number;
  tabs: DockTab[];
  builtins: BuiltinBodies;
  first: boolean;
}) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = tabs.find((t) => t.id === selectedId) ?? tabs[0]!;
  const strip = useRef<HTMLDivElement>(null);
  // The Sessions tab alone keeps its own header: no strip above it, as before extensions.
  const onlySessions = tabs.length === 1 && selected.id === SESSIONS_TAB_ID;
  const panelId = `dock-${dock}-${panel}`;

  const onStripKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = tabs.indexOf(selected);
    const next =
      e.key === 'ArrowRight'
        ? i + 1
        : e.key === 'ArrowLeft'
          ? i - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : null;
    if (next === null) return;
    e.preventDefault();
    const t = tabs[(next + tabs.length) % tabs.length]!;
    setSelectedId(t.id);
    strip.current?.querySelector<HTMLButtonElement>(`[data-tab-id="${CSS.escape(t.id)}"]`)?.focus();
  };

  return (
    <section
      className={`flex min-h-0 flex-1 flex-col ${first ? '' : 'border-t border-line'}`}
      aria-label={`${dock} sidebar panel ${panel}`}
      data-panel={panel}
    >
      {!onlySessions && (
        <div className="flex h-8 shrink-0 items-center border-b border-line pr-1">
          <div
            ref={strip}
            role="tablist"
            aria-label={`Sidebar tabs, ${dock} panel ${panel}`}
            onKeyDown={onStripKey}
            className="flex min-w-0 flex-1 items-stretch overflow-x-auto"
          >
            {tabs.map((t) => {
              const on = t.id === selected.id;
              return (
                <button
                  key={t.id}
                  type="button"
                  role="tab"
                  data-tab-id={t.id}
                  id={`${panelId}-tab-${t.id}`}
                  aria-selected={on}
                  aria-controls={`${panelId}-body`}
                  tabIndex={on ? 0 : -1}
                  title={t.extension ? `${t.label} (${t.id})` : t.label}
                  onClick={() => setSelectedId(t.id)}
                  className={`shrink-0 border-b-2 px-2.5 text-[12px] ${on ? 'border-accent font-medium text-fg' : 'border-transparent text-muted hover:text-fg'} ${FOCUS_RING}`}
                >
                  {t.label}
                </button>
              );
            })}
          </div>
          <IconButton
            icon="settings"
            label="Sidebar tabs…"
            onClick={() => window.dispatchEvent(new Event(OPEN_SIDEBAR_TABS_EVENT))}
          />
        </div>
      )}
      <div
        id={`${panelId}-body`}
        role={onlySessions ? undefined : 'tabpanel'}
        aria-labelledby={onlySessions ? undefined : `${panelId}-tab-${selected.id}`}
        className="flex min-h-0 flex-1 flex-col"
      >
        {selected.kind === selected.id && selected.id in builtins ? (
          builtins[selected.id]
        ) : (
          <SidebarTabBody tab={selected} />
        )}
      </div>
    </section>
  );
}
