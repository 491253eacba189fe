// What every section validator receives: where to report, the parsed document, and the inputs
// that are not in the manifest itself.
import type { Report } from '../diagnostics';
import type { TomlTable } from '../tomlValue';

export interface SectionContext {
  report: Report;
  root: TomlTable;
  /** The extension id for public ids; a placeholder when [extension] itself is broken. */
  extensionId: string;
  /** Files of the extension (relative, `/`-separated) when the caller listed them; enables file checks and sharper hints. */
  files: ReadonlySet<string> | undefined;
}

export function publicId(ctx: SectionContext, local: string): string {
  return `${ctx.extensionId}.${local}`;
}
