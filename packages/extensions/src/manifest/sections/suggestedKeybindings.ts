// [[suggested_keybindings]]: a key for one of the core actions API 1 exposes to extensions.
// Resolution against user and built-in bindings happens in the keymap, at load; here only shape.
import { SMART_FOCUS_ACTIONS, type SuggestedKeybinding } from '../model';
import { TableReader, tableEntries } from '../tableReader';
import type { SectionContext } from './context';

const KEYS = ['action', 'key'];

export function readSuggestedKeybindings(ctx: SectionContext): SuggestedKeybinding[] {
  const out: SuggestedKeybinding[] = [];
  for (const { table, path } of tableEntries(ctx.report, ctx.root, 'suggested_keybindings')) {
    const before = ctx.report.errorCount;
    const t = new TableReader(ctx.report, { table: table, path: path }, KEYS);
    const action = t.oneOf('action', SMART_FOCUS_ACTIONS, true);
    const key = t.string('key', { required: true, nonEmpty: true });
    if (ctx.report.errorCount === before && action !== undefined && key !== undefined)
      out.push({ action, key });
  }
  return out;
}
