// The `[[sidebar_tabs]]` validator exposed for tab tables that live outside a manifest: config.toml's
// `[[sidebar.tabs]]` takes the same launcher, command and stream forms (spec: Sidebar tabs), so the
// server checks those with the very rules an extension's tabs get instead of a second copy.
import { Report, type Diagnostic, type ManifestPath } from './diagnostics';
import type { SidebarTabContribution } from './model';
import { readSidebarTabs } from './sections/sidebarTabs';
import { indexSourceLines } from './sourceLines';
import type { TomlTable } from './tomlValue';

export interface SidebarTabTablesCheck {
  tabs: SidebarTabContribution[];
  errors: Diagnostic[];
}

/**
 * Checks `tables` (already parsed) as if they were an extension's `[[sidebar_tabs]]`. `text` and
 * `at` place diagnostics on lines of the document they came from: `at` is the key path of the
 * array there (e.g. ['sidebar', 'tabs']), so paths read `sidebar.tabs[0].interval`.
 */
export function checkSidebarTabTables(o: {
  tables: unknown;
  text: string;
  at: readonly string[];
  owner: string;
}): SidebarTabTablesCheck {
  const lineOf = indexSourceLines(o.text);
  const toDocument = (path: ManifestPath): ManifestPath =>
    path[0] === 'sidebar_tabs' ? [...o.at, ...path.slice(1)] : path;
  const report = new Report((path) => lineOf(toDocument(path)));
  const root: TomlTable = { sidebar_tabs: o.tables };
  const tabs = readSidebarTabs({ report, root, extensionId: o.owner, files: undefined }, []);
  const errors = report.errors.map((e) => ({
    ...e,
    path: e.path.startsWith('sidebar_tabs')
      ? `${o.at.join('.')}${e.path.slice('sidebar_tabs'.length)}`
      : e.path,
  }));
  return { tabs, errors };
}
