// `rozi config check` on [keys]: one chord bound to two things (two actions, an action and a
// command, two inline commands). The resolver keeps the first and drops the other, so a key
// quietly does something else than the file says; each such pair is one line naming both, with
// their lines.
import { DEFAULT_PREFIX, resolveKeymap } from '@rozi/keymap';
import type { ConfigRoot } from './configLoad';
import { readConfigKeys } from './configKeys';
import { mirrorModifier } from './inputSettings';
import { KeyLines } from './keyLines';
import { INLINE_COMMAND_PREFIX } from './userCommands';

/** `[keys] "g"` for an inline command (`keys:g`), `[keys] build` for an action or command id. */
const keyOf = (action: string) =>
  action.startsWith(INLINE_COMMAND_PREFIX) ? action.slice(INLINE_COMMAND_PREFIX.length) : action;

export function doubleBindingWarnings(o: { root: ConfigRoot; text: string; file: string }): string[] {
  const { keys } = readConfigKeys(o);
  const r = resolveKeymap({ prefix: DEFAULT_PREFIX, user: keys, modifier: mirrorModifier(o.root) });
  const lines = new KeyLines(o.text);
  const out: string[] = [];
  for (const d of r.diagnostics) {
    const m = /^\[keys\] "(.+)": (.+) is already bound to "(.+)"$/.exec(d);
    if (!m) continue;
    const [, second = '', chord = '', first = ''] = m;
    const at = (a: string) => lines.lineOf(['keys', keyOf(a)]) ?? '?';
    out.push(
      `${o.file}:${at(second)}: [keys] ${keyOf(second)}: ${chord} is bound twice, also to ${keyOf(first)} (line ${at(first)}); it runs ${keyOf(first)} only`,
    );
  }
  return out;
}
