// config.toml's [keys] as the keymap resolver takes them (@rozi/keymap resolveKeymap): rozi's bare
// keys and `scheme:` keys put after the prefix, `{ add = … }` joined to the action's built-in
// bindings, `[[commands]]` ids bound by [keys] <id>, and `[keys]` inline commands (`keys:<trigger>`).
// The extension host (extensions/hostConfig.ts) and `rozi config check` read them the same way.
import { DEFAULT_KEYMAP, schemeBinding } from '@rozi/keymap';
import type { ConfigRoot } from './configLoad';
import { readUserCommands, type UserCommands } from './userCommands';

const isTable = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function addedKeys(v: unknown): string[] | null {
  if (typeof v === 'string' && v.trim() !== '') return [v];
  return Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && x.trim() !== '')
    ? (v as string[])
    : null;
}

export function readConfigKeys(o: { root: ConfigRoot; text: string; file: string }): {
  keys: Record<string, string | string[]>;
  user: UserCommands;
} {
  const keys: Record<string, string | string[]> = {};
  if (isTable(o.root.keys)) {
    for (const [action, v] of Object.entries(o.root.keys)) {
      // rozi's bare key (`b`, `shift-w`) and `scheme:ctrl-t` follow the [input] scheme: after the
      // prefix (and mirrored under the held modifier); anything else is used as written.
      if (typeof v === 'string') keys[action] = schemeBinding(v);
      else if (Array.isArray(v) && v.every((x) => typeof x === 'string'))
        keys[action] = (v as string[]).map(schemeBinding);
      else if (isTable(v) && Object.keys(v).length === 1 && addedKeys(v.add))
        // rozi's `{ add = … }`: the built-in bindings stay and these join them.
        keys[action] = [...(DEFAULT_KEYMAP[action] ?? []), ...addedKeys(v.add)!.map(schemeBinding)];
    }
  }
  const user = readUserCommands(o);
  const ids = new Set(user.commands.map((c) => c.id));
  for (const [action, v] of Object.entries(keys))
    if (ids.has(action) && typeof v === 'string') keys[action] = [v];
  for (const [action, v] of Object.entries(user.keys)) if (!Object.hasOwn(keys, action)) keys[action] = v;
  return { keys, user };
}
