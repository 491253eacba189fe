// The action tables of sidebar tabs: `on_click = { send = "{line}" }` and launcher entries.
// Exactly one of send / run / popup / exec; exec is an argv list like a command's.
import type { ManifestPath, Report } from '../diagnostics';
import type { ClickAction } from '../model';
import { readExec } from '../processRun';
import type { TableReader } from '../tableReader';
import { typeName } from '../tomlValue';

export const CLICK_KEYS = ['send', 'run', 'popup', 'exec'] as const;

/** Reads the one action of a table whose other keys the caller declared. */
export function readClickAction(
  report: Report,
  t: TableReader,
  where: ManifestPath,
): ClickAction | undefined {
  const present = CLICK_KEYS.filter((k) => t.has(k));
  if (present.length === 0) {
    report.error('one-of-required', where, `declare exactly one of ${CLICK_KEYS.join(', ')}`);
    return undefined;
  }
  if (present.length > 1) {
    report.error(
      'mutually-exclusive',
      t.at(present[1] as string),
      `declare exactly one of ${CLICK_KEYS.join(', ')}; this has ${present.join(' and ')}`,
    );
    return undefined;
  }
  const kind = present[0] as (typeof CLICK_KEYS)[number];
  if (kind === 'exec') {
    const argv = readExec(t);
    return argv && { kind: 'exec', argv };
  }
  const value = t.raw(kind);
  if (typeof value !== 'string') {
    t.error('wrong-type', kind, `"${kind}" must be a string, got ${typeName(value)}`);
    return undefined;
  }
  if (value.trim() === '') {
    t.error('empty-value', kind, `"${kind}" must not be empty`);
    return undefined;
  }
  return kind === 'send' ? { kind, text: value } : { kind, command: value };
}
