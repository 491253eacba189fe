// Command sidebar tabs (spec: Sidebar tabs): the tab's command runs through the command shell in
// the focused pane's cwd, at most every `interval` seconds (minimum 5) and again at once when that
// cwd changes, only while a browser is connected. Lines become rows (group_prefix lines become
// headers); `format = "json"` prints a tree of { id, label, badge, children }.
import type { SidebarTabRow } from '../events/types';

/** Parses one run's stdout into rows. Pure. */
export function parseTabOutput(o: {
  text: string;
  format: 'lines' | 'json';
  groupPrefix: string | undefined;
}): SidebarTabRow[] {
  if (o.format === 'json') {
    const rows: SidebarTabRow[] = [];
    const walk = (items: unknown, depth: number): void => {
      if (!Array.isArray(items) || depth > 16) return;
      for (const it of items) {
        if (it === null || typeof it !== 'object') continue;
        const r = it as {
          id?: unknown;
          label?: unknown;
          badge?: unknown;
          children?: unknown;
          group?: unknown;
        };
        const label = typeof r.label === 'string' ? r.label : typeof r.id === 'string' ? r.id : '';
        rows.push({
          id: typeof r.id === 'string' ? r.id : null,
          label,
          header: false,
          group: typeof r.group === 'string' ? r.group : null,
          depth,
          badge: typeof r.badge === 'string' ? r.badge : null,
        });
        walk(r.children, depth + 1);
      }
    };
    try {
      const parsed: unknown = JSON.parse(o.text);
      walk(Array.isArray(parsed) ? parsed : (parsed as { rows?: unknown })?.rows, 0);
    } catch {
      return [
        {
          id: null,
          label: 'the tab command did not print JSON',
          header: true,
          group: null,
          depth: 0,
          badge: null,
        },
      ];
    }
    return rows;
  }
  let group: string | null = null;
  const rows: SidebarTabRow[] = [];
  for (const line of o.text.split('\n')) {
    if (line.trim() === '') continue;
    if (o.groupPrefix && line.startsWith(o.groupPrefix)) {
      group = line.slice(o.groupPrefix.length);
      rows.push({ id: null, label: group, header: true, group: null, depth: 0, badge: null });
    } else rows.push({ id: null, label: line, header: false, group, depth: 0, badge: null });
  }
  return rows;
}
