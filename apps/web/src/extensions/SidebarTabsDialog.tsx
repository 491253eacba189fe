'use client';
// Sidebar tabs…: every tab (built-in, config, extension) with its visibility and dock/panel, and
// Ctrl+E on a tab opening its settings picker (spec: Tab settings).
import { useQuery } from '@tanstack/react-query';
import { Dialog, Kbd, Select, Table, TableCell, TableRow } from '@rozi/ui';
import { useEffect, useRef, useState } from 'react';
import { useTRPC } from '../api/trpcClient';
import { readPlacements, writePlacement, writePlacements, type TabPlacement } from './tabPlacement';
import { TabSettingsPicker } from './TabSettingsPicker';
import { BUILTIN_DOCK_TABS, useBuiltinTabs } from './useSidebarTabs';

interface TabRow {
  id: string;
  label: string;
  source: 'built-in' | 'config' | 'extension';
  kind: string;
  settings: number;
  suggested: { dock: 'left' | 'right'; panel: number };
}

export function SidebarTabsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [settingsOf, setSettingsOf] = useState<string | null>(null);
  // Back from a tab's settings, the focus returns to that tab's row (the list is drawn anew, and
  // the dialog's first control, "Show" of the first tab, took it).
  const [cameFrom, setCameFrom] = useState<string | null>(null);
  const closeSettings = () => {
    setCameFrom(settingsOf);
    setSettingsOf(null);
  };
  return (
    <Dialog
      open={open}
      onClose={
        settingsOf
          ? closeSettings
          : () => {
              setCameFrom(null);
              onClose();
            }
      }
      title={settingsOf ? 'Tab settings' : 'Sidebar tabs'}
      widthClass="w-[min(640px,calc(100vw-2rem))]"
    >
      {open &&
        (settingsOf ? (
          <TabSettingsPicker tab={settingsOf} onClose={closeSettings} />
        ) : (
          <TabList onSettings={setSettingsOf} focusTab={cameFrom} />
        ))}
    </Dialog>
  );
}

function TabList({ onSettings, focusTab }: { onSettings(tab: string): void; focusTab: string | null }) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.extensions.sidebarTabs.queryOptions());
  const table = useRef<HTMLDivElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (focused.current || focusTab === null || !data) return;
    const row = table.current?.querySelector<HTMLElement>(`[data-tab="${CSS.escape(focusTab)}"]`);
    if (!row) return;
    focused.current = true;
    row.focus();
  }, [data, focusTab]);
  const [placements, setPlacements] = useState(readPlacements);
  const [focus, setFocus] = useState(0);
  const builtins = useBuiltinTabs().ids;
  const loaded: TabRow[] = [
    ...BUILTIN_DOCK_TABS.filter((t) => builtins.includes(t.id)).map((t) => ({
      id: t.id,
      label: t.label,
      source: 'built-in' as const,
      kind: t.id,
      settings: 0,
      suggested: t.suggested,
    })),
    ...(data ?? []).map((t) => ({
      id: t.id,
      label: t.label,
      source: t.source,
      kind: t.kind,
      settings: t.settings.length,
      suggested: t.suggested_location,
    })),
  ];
  // A tab whose extension is disabled, failed to load or was removed keeps the place the user
  // gave it, and stays listed so it can still be changed (spec: Sidebar tabs).
  const known = new Set(loaded.map((r) => r.id));
  const unavailable: TabRow[] = data
    ? Object.keys(placements)
        .filter((id) => !known.has(id))
        .sort()
        .map((id) => ({
          id,
          label: id.slice(id.indexOf('.') + 1),
          source: 'extension',
          kind: 'unavailable',
          settings: 0,
          suggested: { dock: 'left', panel: 1 },
        }))
    : [];
  const rows = [...loaded, ...unavailable];
  const placementOf = (r: TabRow): TabPlacement =>
    placements[r.id] ?? { hidden: false, dock: r.suggested.dock, panel: r.suggested.panel as 1 | 2 | 3 };
  const set = (r: TabRow, p: Partial<TabPlacement>) =>
    setPlacements(writePlacement(r.id, { ...placementOf(r), ...p }));

  return (
    <div className="flex flex-col" ref={table}>
      <Table
        label="Sidebar tabs"
        columns={['Tab', 'Source', 'Shown', 'Dock', 'Panel', '']}
        className="text-[13px] [&_th:first-child]:pl-4"
      >
        {rows.map((r, i) => {
          const p = placementOf(r);
          return (
            <TableRow
              key={r.id}
              tabIndex={0}
              aria-label={r.label}
              data-tab={r.id}
              onFocus={() => setFocus(i)}
              onKeyDown={(e) => {
                if (e.ctrlKey && e.key.toLowerCase() === 'e' && r.settings > 0) {
                  e.preventDefault();
                  onSettings(r.id);
                }
              }}
              className={`outline-none focus-visible:bg-surface-2 ${focus === i ? 'bg-surface-2' : ''}`}
            >
              <TableCell className="pl-4">
                <div className="font-medium">{r.label}</div>
                <div className="font-mono text-[11px] text-muted">{r.id}</div>
              </TableCell>
              <TableCell
                className={`${r.kind === 'unavailable' ? 'text-blocked' : 'text-muted'}`}
                data-tab-kind={r.kind}
              >
                {r.source} · {r.kind}
              </TableCell>
              <TableCell>
                <input
                  type="checkbox"
                  aria-label={`Show ${r.label}`}
                  checked={!p.hidden}
                  onChange={(e) => set(r, { hidden: !e.target.checked })}
                />
              </TableCell>
              <TableCell>
                <Select
                  aria-label={`${r.label} dock`}
                  value={p.dock}
                  onChange={(e) => set(r, { dock: e.target.value as 'left' | 'right' })}
                  className="w-24"
                >
                  <option value="left">Left</option>
                  <option value="right">Right</option>
                </Select>
              </TableCell>
              <TableCell>
                <Select
                  aria-label={`${r.label} panel`}
                  value={String(p.panel)}
                  onChange={(e) => set(r, { panel: Number(e.target.value) as 1 | 2 | 3 })}
                  className="w-16"
                >
                  <option value="1">1</option>
                  <option value="2">2</option>
                  <option value="3">3</option>
                </Select>
              </TableCell>
              <TableCell className="pr-4 text-right">
                {r.settings > 0 && (
                  <button
                    type="button"
                    onClick={() => onSettings(r.id)}
                    className="rounded border border-line px-2 py-0.5 text-[12px] hover:bg-surface-2"
                  >
                    Settings…
                  </button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </Table>
      <PresetPicker
        placementOf={(id) => {
          const r = rows.find((x) => x.id === id);
          return r ? placementOf(r) : (placements[id] ?? { hidden: false, dock: 'left', panel: 1 });
        }}
        onApplied={() => setPlacements(readPlacements())}
      />
      <p className="border-t border-line px-4 py-2 text-[11px] text-muted">
        <Kbd>Ctrl+E</Kbd> on a tab opens its settings. Tabs from config.toml [[sidebar.tabs]] are listed as
        config; one with an extension tab's id replaces that tab.
      </p>
    </div>
  );
}

/**
 * Extensions' [[sidebar_presets]]: applying one copies its placements into this browser's choices,
 * keeping saved choices for tabs the preset does not name (spec: Sidebar tabs, presets).
 */
function PresetPicker({
  placementOf,
  onApplied,
}: {
  placementOf(id: string): TabPlacement;
  onApplied(): void;
}) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.extensions.sidebarPresets.queryOptions());
  const [chosen, setChosen] = useState('');
  if (!data || data.length === 0) return null;
  const apply = () => {
    const preset = data.find((p) => p.id === chosen);
    if (!preset) return;
    const changes: Record<string, TabPlacement> = { ...preset.placements };
    for (const id of preset.hidden) changes[id] = { ...(changes[id] ?? placementOf(id)), hidden: true };
    writePlacements(changes);
    onApplied();
  };
  return (
    <div className="flex items-center gap-2 border-t border-line px-4 py-2 text-[12px]">
      <span className="text-muted">Sidebar layout preset</span>
      <Select
        aria-label="Sidebar layout preset"
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
        className="w-56"
      >
        <option value="">Choose…</option>
        {data.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label} ({p.id})
          </option>
        ))}
      </Select>
      <button
        type="button"
        disabled={!chosen}
        onClick={apply}
        className="rounded border border-line px-2 py-0.5 hover:bg-surface-2 disabled:opacity-50"
      >
        Apply
      </button>
    </div>
  );
}
