// Keys that an older rozi rejects as unknown (spec: each comes with a capability). When the
// manifest uses one and sets no min_rozi, older installs fail with an "unknown field" error
// instead of a clear "needs a newer rozi": a hint, not an error.
import type { Report } from './diagnostics';
import { isTable, type TomlTable } from './tomlValue';

interface Capability {
  name: string;
  uses: (root: TomlTable) => string | undefined;
}

function entries(root: TomlTable, key: string): TomlTable[] {
  const v = root[key];
  return Array.isArray(v) ? v.filter(isTable) : [];
}

const CAPABILITIES: Capability[] = [
  {
    name: 'command-visibility',
    uses: (r) =>
      entries(r, 'commands').some((c) => Object.hasOwn(c, 'hidden')) ? 'hidden on a command' : undefined,
  },
  {
    name: 'remote-extension-runtime',
    uses: (r) =>
      ['commands', 'services', 'sidebar_tabs'].some((k) =>
        entries(r, k).some((c) => Object.hasOwn(c, 'placement')),
      )
        ? 'placement'
        : undefined,
  },
  {
    name: 'attached-session-scope',
    uses: (r) =>
      entries(r, 'services').some((s) => Object.hasOwn(s, 'session_scope')) ? 'session_scope' : undefined,
  },
  { name: 'session-actions', uses: (r) => (entries(r, 'actions').length > 0 ? '[[actions]]' : undefined) },
  {
    name: 'sidebar-tab-settings',
    uses: (r) => {
      const s = r.settings;
      if (isTable(s) && Object.values(s).some(isTable)) return 'the table form of a setting';
      return entries(r, 'sidebar_tabs').some((t) => Object.hasOwn(t, 'settings'))
        ? 'settings on a sidebar tab'
        : undefined;
    },
  },
  {
    name: 'extension-link-handlers',
    uses: (r) => (entries(r, 'link_handlers').length > 0 ? '[[link_handlers]]' : undefined),
  },
];

export function hintCapabilities(report: Report, root: TomlTable): void {
  const meta = root.extension;
  if (isTable(meta) && Object.hasOwn(meta, 'min_rozi')) return;
  for (const cap of CAPABILITIES) {
    const what = cap.uses(root);
    if (what) {
      report.hint(
        'min-rozi-capability',
        ['extension'],
        `the manifest uses ${what}, which an older rozi rejects; set min_rozi to a release with the ${cap.name} capability`,
      );
    }
  }
}
