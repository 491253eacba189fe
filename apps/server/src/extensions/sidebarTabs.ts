// The sidebar data the web renders for extension tabs: entries (launchers, with groups), command
// tabs (rows from their last run), stream tabs (rows from `rozi sidebar publish`), each with its
// suggested dock/panel and the settings it offers. Live updates arrive as `sidebar-rows` events.
import type { ExtensionHost } from './host';

export function sidebarTabsOf(host: ExtensionHost) {
  return host.runtimesList().flatMap((rt) =>
    rt.manifest.sidebarTabs.map((t) => ({
      id: t.publicId,
      extension: rt.id,
      name: t.name,
      label: t.label,
      kind: t.source.kind,
      entries: t.source.kind === 'entries' ? t.source.entries : null,
      rows: t.source.kind === 'stream' ? [...(rt.streams.get(t.name)?.values() ?? [])].flat() : t.source.kind === 'command' ? (host.commandTabRows(t.publicId) ?? []) : [],
      interval_seconds: t.intervalSeconds,
      on_click: t.onClick ?? null,
      settings: t.settings,
      suggested_location: t.suggestedLocation ?? { dock: 'left', panel: 1 },
    })),
  );
}
