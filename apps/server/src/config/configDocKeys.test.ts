// Every key the tables of rozi's configuration.md document (copied below, table by table) is known
// to the loader's schema: honoured, checked by the reader that owns its table, or reported with
// the reason it has no meaning here or is not built. None falls through as an unknown key, so a
// documented setting is never dropped without a word. (fixtures/rozi-full-config.toml, loaded by
// configLoad.test.ts, writes the same keys as a user would and checks no line goes unreported.)
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, specOf, type KeySpec } from './schema';

/** configuration.md's key tables: `table: keys`; `[]` marks an array of tables. */
const DOCUMENTED: Record<string, string[]> = {
  '': ['shell', 'command_shell', 'cwd', 'scrollback', 'frame_rate', 'nerd_icons'],
  shell_integration: ['mode'],
  environment: ['forward'],
  input: ['modifier', 'prefix', 'modifier_shortcuts', 'which_key'],
  layout: ['split_width_multiplier', 'default'],
  pane: [
    'resize_debounce_ms',
    'focus_on_hover',
    'hold_on_exit',
    'highlight_focused_background',
    'highlight_focused_border',
    'highlight_focused_titlebar',
    'show_workbar',
    'workbar_gap',
    'workbar_at_bottom',
    'show_titles',
    'titlebar',
    'border_mode',
    'border_style',
    'alert_border',
    'keep_special_borders',
    'padding',
    'title_style',
    'workbar_badge_style',
    'workbar_powerline',
    'toast_opacity',
    'workbar_tab_style',
    'workbar_style',
    'background_follows_terminal',
    'alert', // the [pane.alert] table
  ],
  'rules[]': ['match', 'match_regex', 'float', 'position', 'workspace', 'focus', 'fullscreen'],
  'agents[]': ['id', 'label', 'base'],
  'hints[]': ['pattern', 'open'],
  animations: [
    'enabled',
    'spawn',
    'close',
    'fullscreen',
    'tile_float',
    'axis_change',
    'sidebar',
    'focus_chrome',
    'pane_style',
    'geometry_ms',
    'close_ms',
    'focus_chrome_ms',
    'alert_pulse_ms',
    'open_delay_ms',
  ],
  theme: ['name'],
  profile: ['default'],
  notifications: ['enabled', 'pane_exit', 'pane_exit_error', 'pane_blocked', 'pane_done', 'bell'],
  sounds: [
    'enabled',
    'throttle_ms',
    'player',
    'bell',
    'blocked',
    'done',
    'error',
    'bell_file',
    'blocked_file',
    'done_file',
    'error_file',
  ],
  clipboard: ['enable_osc52'],
  navigation: ['editors'],
  confirm: [
    'close_pane',
    'kill_workspace',
    'kill_session',
    'quit_ephemeral',
    'new_temporary_session',
    'load_profile',
  ],
  session: ['autosave', 'resurrect', 'startup', 'path', 'allow_takeover'],
  remote: [
    'default_host',
    'connection_timeout_secs',
    'server_alive_interval_secs',
    'server_alive_count_max',
    'install',
    'batch_mode',
  ],
  scratchpad: ['command', 'cwd', 'height'],
  sidebar: ['visible', 'width', 'position', 'tabs', 'panels', 'split', 'split_ratio'],
  workbar: ['left', 'right', 'clock_format', 'mode', 'paint', 'alert'],
  'commands[]': ['id', 'label', 'run', 'send', 'popup', 'exec', 'keep_open'],
  extensions: ['disabled'],
  'hooks[]': ['event', 'run'],
  'services[]': ['name', 'run', 'cwd', 'restart', 'env'],
  logging: ['dir', 'max_bytes'],
};

/** The key's spec, or the spec of the table above it that owns (checks) its whole subtree. */
function coverOf(path: Array<string | number>): KeySpec | undefined {
  for (let n = path.length; n > 0; n--) {
    const s = specOf(path.slice(0, n));
    if (s && (n === path.length || s.use.kind === 'owned' || s.use.kind !== 'honoured')) return s;
  }
  return undefined;
}

describe('configuration.md keys in the schema', () => {
  const rows = Object.entries(DOCUMENTED).flatMap(([table, keys]) =>
    keys.map((k): Array<string | number> => {
      if (table === '') return [k];
      const name = table.replace('[]', '');
      return table.endsWith('[]') ? [name, 0, k] : [name, k];
    }),
  );

  it('knows every documented key: honoured, owned by its reader, or reported with a reason', () => {
    expect(rows.length).toBeGreaterThan(120);
    const unknown = rows.filter((p) => !coverOf(p)).map((p) => p.join('.'));
    expect(unknown).toEqual([]);
    for (const p of rows) {
      const use = coverOf(p)!.use;
      if (use.kind === 'no-web-meaning' || use.kind === 'not-built')
        expect(use.reason.length, p.join('.')).toBeGreaterThan(20);
    }
  });

  it('holds nothing documented as rozi’s that configuration.md does not document', () => {
    const documented = new Set(rows.map((p) => p.map((x) => (typeof x === 'number' ? '[]' : x)).join('.')));
    const extra = CONFIG_KEYS.filter(
      (k) =>
        k.origin === 'rozi' &&
        k.path.split('.').length === 2 &&
        !k.path.includes('*') &&
        !documented.has(k.path) &&
        !['agents', 'hooks', 'keys', 'extensions', 'sidebar', 'remote'].includes(k.path.split('.')[0] ?? ''),
    );
    expect(extra.map((k) => k.path)).toEqual([]);
  });
});
