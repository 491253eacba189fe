// Every key config.toml may hold: each key of rozi's configuration.md and the keys this project
// adds, with what the web edition does with it. The loader checks a file against this table, so
// no key is dropped without a word: a key is honoured, or reported as having no meaning in the
// web edition (with the reason), or not built yet; anything else is an unknown key with its line.
// `*` matches any one table key, `[]` any entry of an array of tables.

export type KeyKind = 'string' | 'bool' | 'int' | 'number' | 'array' | 'table' | 'string-or-array' | 'any';

export type KeyUse =
  | { kind: 'honoured' }
  /** A subtree whose reader checks every key itself and reports its own warnings. */
  | { kind: 'owned'; by: string }
  | { kind: 'no-web-meaning'; reason: string }
  | { kind: 'not-built'; reason: string };

export interface KeySpec {
  path: string;
  type: KeyKind;
  use: KeyUse;
  /** `rozi`: documented in rozi's configuration.md; `project`: this edition's own addition. */
  origin: 'rozi' | 'project';
}

const honoured: KeyUse = { kind: 'honoured' };
const owned = (by: string): KeyUse => ({ kind: 'owned', by });
const noWeb = (reason: string): KeyUse => ({ kind: 'no-web-meaning', reason });

const CHROME = noWeb(
  'the browser draws the pane chrome itself (titles, borders and tabs are HTML), not terminal cells',
);
const WORKBAR = noWeb('the web edition has no workbar: sessions, status and modes are in the page header');
const ANIMATION = noWeb('the web UI has no pane geometry animations to tune');
const CLIENT_FRAMES = noWeb('the browser paints at the display rate (requestAnimationFrame), not on a poll');
const NAVIGATION = noWeb('the smart-focus (vim-aware Ctrl-h/j/k/l) actions do not exist in the web edition');

const rozi = (path: string, type: KeyKind, use: KeyUse): KeySpec => ({ path, type, use, origin: 'rozi' });
const own = (path: string, type: KeyKind, use: KeyUse): KeySpec => ({ path, type, use, origin: 'project' });

export const CONFIG_KEYS: readonly KeySpec[] = [
  // Top level.
  // shell, cwd, scrollback, [pane] hold_on_exit: session/paneDefaults.ts, read at each spawn.
  rozi('shell', 'string-or-array', honoured),
  rozi('command_shell', 'string-or-array', honoured),
  rozi('shell_integration', 'table', honoured),
  rozi('shell_integration.mode', 'string', honoured),
  // config/environmentForward.ts: the CLI (the one client with an environment) sends the values.
  rozi('environment', 'table', honoured),
  rozi('environment.forward', 'array', honoured),
  rozi('cwd', 'string', honoured),
  rozi('scrollback', 'int', honoured),
  rozi('frame_rate', 'int', CLIENT_FRAMES),
  rozi('nerd_icons', 'bool', noWeb('the web UI draws its icons with its own font, not Nerd Font glyphs')),
  // [input]
  rozi('input', 'table', honoured),
  // [input] prefix / which_key / modifier / modifier_shortcuts: config/inputSettings.ts (the page's
  // keymap — the held-modifier mirrors of every `prefix X` binding — and which-key strip).
  rozi('input.modifier', 'string', honoured),
  rozi('input.prefix', 'string', honoured),
  rozi('input.modifier_shortcuts', 'bool', honoured),
  rozi('input.which_key', 'string', honoured),
  // [layout]
  rozi('layout', 'table', honoured),
  rozi('layout.split_width_multiplier', 'number', honoured),
  rozi('layout.default', 'string', honoured),
  // [pane]
  rozi('pane', 'table', honoured),
  rozi('pane.resize_debounce_ms', 'int', noWeb('the browser batches resizes per animation frame already')),
  rozi('pane.focus_on_hover', 'bool', noWeb('a pane in the browser takes focus on click, as web pages do')),
  rozi('pane.hold_on_exit', 'bool', honoured),
  ...[
    'highlight_focused_background',
    'highlight_focused_border',
    'highlight_focused_titlebar',
    'show_titles',
    'titlebar',
    'border_mode',
    'border_style',
    'alert_border',
    'keep_special_borders',
    'padding',
    'title_style',
    'toast_opacity',
    'background_follows_terminal',
  ].map((k) => rozi(`pane.${k}`, 'any', CHROME)),
  ...['show_workbar', 'workbar_gap', 'workbar_at_bottom', 'workbar_badge_style', 'workbar_powerline'].map(
    (k) => rozi(`pane.${k}`, 'any', WORKBAR),
  ),
  rozi('pane.workbar_tab_style', 'string', WORKBAR),
  rozi('pane.workbar_style', 'string', WORKBAR),
  rozi('pane.alert', 'table', CHROME),
  ...['blocked', 'finished', 'working', 'idle'].map((k) => rozi(`pane.alert.${k}`, 'string', CHROME)),
  // [[rules]]: config/rules.ts (each bad entry one warning in rozi config check), applied by
  // session/paneRules.ts. `position = "cursor"` centres: the server has no pointer.
  rozi('rules', 'array', honoured),
  ...['match', 'match_regex', 'float', 'width', 'height', 'position', 'workspace', 'focus', 'fullscreen'].map(
    (k) => rozi(`rules.[].${k}`, 'any', honoured),
  ),
  // [[agents]]: detection's own validator reports every key (packages/detect).
  rozi('agents', 'array', owned('agent definitions (rozi config check lists their warnings)')),
  // [[hints]]
  rozi('hints', 'array', honoured),
  rozi('hints.[].pattern', 'string', honoured),
  rozi('hints.[].open', 'bool', honoured),
  // [animations]
  rozi('animations', 'table', ANIMATION),
  ...[
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
  ].map((k) => rozi(`animations.${k}`, 'any', ANIMATION)),
  // [theme]
  // [theme]: config/themes.ts (presets, custom files in <configDir>/themes), painted by the page.
  rozi('theme', 'table', honoured),
  rozi('theme.name', 'string', honoured),
  // [profile]
  // [profile] default: profiles/profileService.ts seeds every session opened without a recipe.
  rozi('profile', 'table', honoured),
  rozi('profile.default', 'string', honoured),
  // [clipboard]: the page's OSC 52 (terminal/TerminalView.tsx) reads it.
  rozi('clipboard', 'table', honoured),
  rozi('clipboard.enable_osc52', 'bool', honoured),
  // [notifications] / [sounds]: the page's notices and chime (status/useStatusSurfaces.ts) read
  // config/behaviourSettings.ts; where a switch is unset, this browser's Settings switch applies.
  rozi('notifications', 'table', honoured),
  ...['enabled', 'pane_blocked', 'pane_done'].map((k) => rozi(`notifications.${k}`, 'bool', honoured)),
  // pane_exit / pane_exit_error: the server's notice on a natural exit (session/exitNotices.ts).
  ...['pane_exit', 'pane_exit_error'].map((k) => rozi(`notifications.${k}`, 'bool', honoured)),
  rozi(
    'notifications.bell',
    'bool',
    noWeb(
      'the page always marks a pane that rang its bell (tab and pane badges); there is no window urgency to switch',
    ),
  ),
  rozi('sounds', 'table', honoured),
  ...['enabled', 'blocked', 'done', 'error'].map((k) => rozi(`sounds.${k}`, 'bool', honoured)),
  // bell / throttle_ms: the page's bell cue on a pane's BEL, and per-cue throttling (status/cueThrottle.ts).
  rozi('sounds.bell', 'bool', honoured),
  rozi('sounds.throttle_ms', 'int', honoured),
  // <cue>_file: the page fetches the named file (config.soundFile, config/soundFiles.ts) and plays it.
  ...['bell_file', 'blocked_file', 'done_file', 'error_file'].map((k) =>
    rozi(`sounds.${k}`, 'string', honoured),
  ),
  rozi(
    'sounds.player',
    'string',
    noWeb(
      'the page plays the sound in your browser; a player program would run on the server’s machine and sound there, not where you are',
    ),
  ),
  // [navigation]
  rozi('navigation', 'table', NAVIGATION),
  rozi('navigation.editors', 'array', NAVIGATION),
  // [confirm]: the page's close actions (actions/*Actions.ts) read close_pane, kill_workspace,
  // kill_session; unset, the page asks before ending a running program.
  rozi('confirm', 'table', honoured),
  ...['close_pane', 'kill_workspace', 'kill_session'].map((k) => rozi(`confirm.${k}`, 'bool', honoured)),
  ...['quit_ephemeral', 'new_temporary_session'].map((k) =>
    rozi(
      `confirm.${k}`,
      'bool',
      noWeb('every session here is named and kept by the server; there are no temporary sessions to discard'),
    ),
  ),
  // load_profile: the Profiles picker's replace (Ctrl+R) arms first unless it is false.
  rozi('confirm.load_profile', 'bool', honoured),
  // [session]: read once at server start (config/sessionSettings.ts, persist/sessionPersistence.ts).
  rozi('session', 'table', honoured),
  ...['autosave', 'resurrect', 'startup', 'path'].map((k) =>
    rozi(`session.${k}`, k === 'autosave' || k === 'resurrect' ? 'bool' : 'string', honoured),
  ),
  rozi('session.allow_takeover', 'bool', honoured),
  // [remote]: remote/remoteSettings.ts reports every bad value.
  rozi('remote', 'table', owned('remote hosts ([remote] warnings appear in rozi remote hosts)')),
  // [scratchpad]: session/paneDefaults.ts → session/floating.ts toggleScratchpad.
  rozi('scratchpad', 'table', honoured),
  ...['command', 'cwd', 'height'].map((k) => rozi(`scratchpad.${k}`, 'any', honoured)),
  // [sidebar]
  rozi('sidebar', 'table', honoured),
  rozi('sidebar.tabs', 'array', owned('sidebar tabs (each bad tab is a warning with its line)')),
  ...['visible', 'width', 'position', 'panels', 'split', 'split_ratio'].map((k) =>
    rozi(
      `sidebar.${k}`,
      'any',
      noWeb('the sidebar’s docks and tab placement are saved per browser from the Sidebar tabs dialog'),
    ),
  ),
  // [workbar]
  rozi('workbar', 'table', WORKBAR),
  ...['left', 'right', 'clock_format', 'alert'].map((k) => rozi(`workbar.${k}`, 'any', WORKBAR)),
  ...['mode', 'paint', 'bell', 'blocked', 'finished', 'working', 'idle'].map((k) =>
    rozi(`workbar.alert.${k}`, 'any', WORKBAR),
  ),
  // [keys]: action → chord(s) is the keymap's (the key editor shows bad chords); the table forms
  // (`{ add = … }`, `{ run = … }` user commands) are checked here.
  rozi('keys', 'table', honoured),
  rozi('keys.*', 'any', honoured),
  rozi('keys.*.add', 'any', honoured),
  ...['run', 'send', 'popup', 'exec', 'label', 'keep_open'].map((k) => rozi(`keys.*.${k}`, 'any', honoured)),
  // [[commands]]
  // [[commands]]: config/userCommands.ts (palette, run-action, [keys] <id>); popup opens a popup.
  rozi('commands', 'array', honoured),
  ...['id', 'label', 'run', 'send', 'popup', 'exec', 'keep_open'].map((k) =>
    rozi(`commands.[].${k}`, 'any', honoured),
  ),
  // [extensions]: `disabled` is rozi's; `[extensions.<id>]` settings tables are this project's.
  rozi('extensions', 'table', honoured),
  rozi('extensions.disabled', 'array', honoured),
  own('extensions.*', 'table', owned('extension settings (checked against each manifest’s settings)')),
  // [[hooks]]: hooks/userHooks.ts reports every key.
  rozi('hooks', 'array', owned('hooks (each bad entry is logged and skipped)')),
  // [[services]]
  // [[services]]: config/configServices.ts supervises them (rozi config status, Settings).
  rozi('services', 'array', honoured),
  ...['name', 'run', 'cwd', 'restart'].map((k) => rozi(`services.[].${k}`, 'any', honoured)),
  rozi('services.[].env', 'table', honoured),
  rozi('services.[].env.*', 'string', honoured),
  // [logging]: toggle-pane-logging / raw pane-logging files and their cap (session/paneLogging.ts).
  rozi('logging', 'table', honoured),
  rozi('logging.dir', 'string', honoured),
  rozi('logging.max_bytes', 'int', honoured),
  // This project's own.
  own('discover', 'table', honoured),
  own('discover.index', 'string', honoured),
  // Agent worktrees (worktrees/worktreeConfig.ts).
  own('worktrees', 'table', honoured),
  own('worktrees.dir', 'string', honoured),
  own('worktrees.setup', 'string', honoured),
];

const BY_PATH = new Map(CONFIG_KEYS.map((k) => [k.path, k]));

/** The spec of a key path of the parsed document (`services.[].name` for `services[2].name`). */
export function specOf(path: ReadonlyArray<string | number>): KeySpec | undefined {
  const norm = path.map((p) => (typeof p === 'number' ? '[]' : p));
  const exact = BY_PATH.get(norm.join('.'));
  if (exact) return exact;
  // `extensions.<id>`: a wildcard segment.
  for (let i = norm.length - 1; i >= 0; i--) {
    const wild = [...norm.slice(0, i), '*', ...norm.slice(i + 1)].join('.');
    const hit = BY_PATH.get(wild);
    if (hit) return hit;
  }
  return undefined;
}

/** The keys a table takes, for an unknown key's message (`[theme]` takes `name`). */
export function keysUnder(path: ReadonlyArray<string | number>): string[] {
  const prefix = path.map((p) => (typeof p === 'number' ? '[]' : p)).join('.');
  const depth = prefix === '' ? 0 : prefix.split('.').length;
  return CONFIG_KEYS.filter((k) => {
    const parts = k.path.split('.');
    return (
      parts.length === depth + 1 && (depth === 0 || k.path.startsWith(`${prefix}.`)) && !parts.includes('*')
    );
  }).map((k) => k.path.split('.').pop() ?? k.path);
}
