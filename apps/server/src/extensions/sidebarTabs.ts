// The sidebar data the web renders for extension tabs: entries (launchers, with groups), command
// tabs (rows from their last run), stream tabs (rows from `rozi sidebar publish`), each with its
// suggested dock/panel and the settings it offers. Live updates arrive as `sidebar-rows` events.
import type { ExtensionHost } from './host';

/** What the sidebar tab list reads of the extension host. */
export type SidebarTabsHost = Pick<ExtensionHost, 'sidebar' | 'runtime' | 'runtimesList'>;

// config.toml's `[[sidebar.tabs]]` come first with `extension: null` and `source: 'config'`; an
// extension tab whose id one of them takes is left out (spec: "it wins and the extension's tab is skipped").
export function sidebarTabsOf(host: SidebarTabsHost) {
  return host.sidebar.tabList().map(({ tab: t, extension }) => {
    const rt = extension === null ? undefined : host.runtime(extension);
    return {
      id: t.publicId,
      extension,
      source: extension === null ? ('config' as const) : ('extension' as const),
      name: t.name,
      label: t.label,
      kind: t.source.kind,
      entries: t.source.kind === 'entries' ? t.source.entries : null,
      rows:
        t.source.kind === 'stream'
          ? [...(rt?.streams.get(t.name)?.values() ?? [])].flat()
          : t.source.kind === 'command'
            ? (host.sidebar.commandTabRows(t.publicId) ?? [])
            : [],
      interval_seconds: t.intervalSeconds,
      on_click: t.onClick ?? null,
      settings: t.settings,
      suggested_location: t.suggestedLocation ?? { dock: 'left' as const, panel: 1 as const },
    };
  });
}

/**
 * `[[sidebar_presets]]` as placements the web copies into the user's choices when one is applied
 * (spec: never applied by installing or reloading). Tab names of the preset's own extension are
 * namespaced `<extension>.<name>`; other names (built-in `sessions`, other extensions' public ids)
 * are kept as written. Panels past the third go to the third.
 */
export function sidebarPresetsOf(host: SidebarTabsHost) {
  return host.runtimesList().flatMap((rt) =>
    rt.manifest.sidebarPresets.map((p) => {
      const own = new Set(rt.manifest.sidebarTabs.map((t) => t.name));
      const id = (name: string) => (own.has(name) ? `${rt.id}.${name}` : name);
      const placements: Record<string, { hidden: boolean; dock: 'left' | 'right'; panel: 1 | 2 | 3 }> = {};
      for (const dock of ['left', 'right'] as const) {
        p.layout[dock]?.panels.forEach((panel, i) => {
          for (const tab of panel.tabs)
            placements[id(tab)] = { hidden: false, dock, panel: Math.min(3, i + 1) as 1 | 2 | 3 };
        });
      }
      const hidden = (p.layout.hidden ?? []).map(id);
      return { id: p.publicId, extension: rt.id, label: p.label, placements, hidden };
    }),
  );
}
