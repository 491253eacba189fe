// What Settings may write into `[notifications]`, `[sounds]`, `[confirm]` and `[clipboard]`
// (configuration.md): the switches
// the web edition honours, and `[sounds] throttle_ms`. Pure: it checks one edit and says in one
// line why it is refused; config/tableEdit.ts writes what it accepts (null removes the key, so
// rozi's default applies).

export const NOTICE_SWITCHES = [
  'enabled',
  'pane_blocked',
  'pane_done',
  'pane_exit',
  'pane_exit_error',
] as const;
export const SOUND_SWITCHES = ['enabled', 'bell', 'blocked', 'done', 'error'] as const;
export const CONFIRM_SWITCHES = ['close_pane', 'kill_workspace', 'kill_session', 'load_profile'] as const;
export const BEHAVIOUR_TABLES = ['notifications', 'sounds', 'confirm', 'clipboard'] as const;
export type BehaviourTable = (typeof BEHAVIOUR_TABLES)[number];

export type BehaviourEdit =
  { ok: true; set: Record<string, boolean | number | null> } | { ok: false; error: string };

const SWITCHES: Record<BehaviourTable, readonly string[]> = {
  notifications: NOTICE_SWITCHES,
  sounds: SOUND_SWITCHES,
  confirm: CONFIRM_SWITCHES,
  clipboard: ['enable_osc52'],
};

/** Checks `{ key: value }` for one table; the first bad key refuses the whole edit. */
export function behaviourEdit(
  table: BehaviourTable,
  set: Record<string, boolean | number | null>,
): BehaviourEdit {
  const out: Record<string, boolean | number | null> = {};
  for (const [key, value] of Object.entries(set)) {
    if (table === 'sounds' && key === 'throttle_ms') {
      if (
        value !== null &&
        (typeof value !== 'number' || !Number.isInteger(value) || value < 100 || value > 60_000)
      )
        return { ok: false, error: `[sounds] throttle_ms must be a whole number of ms from 100 to 60000` };
      out[key] = value;
      continue;
    }
    if (!SWITCHES[table].includes(key))
      return {
        ok: false,
        error: `'${key}' is not a [${table}] setting Settings writes; use one of ${SWITCHES[table].join(', ')}`,
      };
    if (value !== null && typeof value !== 'boolean')
      return { ok: false, error: `[${table}] ${key} is on or off (true or false)` };
    out[key] = value;
  }
  if (Object.keys(out).length === 0) return { ok: false, error: `nothing to change in [${table}]` };
  return { ok: true, set: out };
}
