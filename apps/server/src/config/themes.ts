// `[theme] name` resolved as rozi does (themes.md): a custom file `<configDir>/themes/<name>.toml`
// first, then `system`, then a built-in preset (themePresets.ts); anything else is one warning and
// `lipan`. A custom file starts from `extends` (a preset, default lipan) and overrides what it
// names: `[terminal]` colours, `[surface] backdrop/panel`, `[status] success/error/warning/info`,
// `[accent]`/`[primary]`/`[muted]`/`[border]` `fg`, `border_active`. A file that does not parse or
// names no theme field at all is not a theme: one warning and lipan; a bad colour is one warning
// and that field keeps the base's colour. `system` follows the browser's light/dark preference.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'smol-toml';
import {
  ANSI_NAMES,
  DEFAULT_THEME,
  paletteOf,
  PRESETS,
  presetOf,
  type AnsiName,
  type ThemePalette,
  type UiColors,
} from './themePresets';

export interface ResolvedTheme {
  /** As config.toml names it ('' = not set). */
  name: string;
  /** The palette painted; null for `system` (the page's own dark/light, following the device). */
  palette: ThemePalette | null;
  source: 'preset' | 'custom' | 'system' | 'default';
  /** Why the name did not give what it asked for (one line), else null. */
  warning: string | null;
}

export interface ThemeChoice {
  id: string;
  label: string;
  group: 'system' | 'dark' | 'light' | 'custom';
}

/** Top-level fields of rozi's Theme with no element in the page (accepted without a word). */
const OTHER_FIELDS = new Set([
  'selection',
  'text_selection',
  'focus',
  'hover',
  'file_icons',
  'git_status',
  'diff',
  'document',
  'syntax',
  'input',
  'text_area',
  'document_view',
  'hex_area',
  'scrollbar',
  'splitter',
]);
const USED_FIELDS = new Set([
  'extends',
  'border_active',
  'terminal',
  'surface',
  'status',
  'accent',
  'primary',
  'muted',
  'border',
]);

const isTable = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

/** ratatui's colour names as rozi's theme files write them, onto the base palette's ANSI slots. */
const NAMED: Record<string, AnsiName> = {
  black: 'black',
  red: 'red',
  green: 'green',
  yellow: 'yellow',
  blue: 'blue',
  magenta: 'magenta',
  cyan: 'cyan',
  gray: 'white',
  grey: 'white',
  darkgray: 'brightBlack',
  darkgrey: 'brightBlack',
  lightred: 'brightRed',
  lightgreen: 'brightGreen',
  lightyellow: 'brightYellow',
  lightblue: 'brightBlue',
  lightmagenta: 'brightMagenta',
  lightcyan: 'brightCyan',
  white: 'brightWhite',
};

/** A theme colour as `#rrggbb`, or null when it is not one (hex, rgb(), indexed(0-15), a name). */
export function colourOf(value: unknown, base: ThemePalette): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  let m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/.exec(v);
  if (m) return `#${m[1]}`;
  m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  if (m) return `#${m[1]}${m[1]}${m[2]}${m[2]}${m[3]}${m[3]}`;
  m = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*[\d.]+)?\)$/.exec(v);
  if (m) {
    const c = [m[1], m[2], m[3]].map(Number);
    if (c.some((x) => x > 255)) return null;
    return `#${c.map((x) => x.toString(16).padStart(2, '0')).join('')}`;
  }
  m = /^indexed\((\d+)\)$/.exec(v);
  if (m) {
    const slot = ANSI_NAMES[Number(m[1])];
    return slot ? base.terminal[slot] : null;
  }
  const named = NAMED[v.replace(/[\s_-]/g, '')];
  return named ? base.terminal[named] : null;
}

const TERMINAL_KEYS: Record<string, keyof ThemePalette['terminal']> = {
  background: 'background',
  foreground: 'foreground',
  cursor: 'cursor',
  ...Object.fromEntries(ANSI_NAMES.map((n) => [n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), n])),
};

/** Where each overridable field lands in the page's tokens. */
const UI_FIELDS: Array<{ table: string; key: string; token: keyof UiColors }> = [
  { table: 'surface', key: 'backdrop', token: 'bg' },
  { table: 'surface', key: 'panel', token: 'surface' },
  { table: 'status', key: 'success', token: 'done' },
  { table: 'status', key: 'error', token: 'danger' },
  { table: 'status', key: 'warning', token: 'blocked' },
  { table: 'status', key: 'info', token: 'working' },
  { table: 'accent', key: 'fg', token: 'accent' },
  { table: 'primary', key: 'fg', token: 'fg' },
  { table: 'muted', key: 'fg', token: 'muted' },
  { table: 'border', key: 'fg', token: 'line' },
];

/** A custom theme file's text over its base; every problem one line. */
export function customTheme(o: { id: string; file: string; text: string }): {
  palette: ThemePalette | null;
  warnings: string[];
} {
  let doc: Record<string, unknown>;
  try {
    doc = parse(o.text) as Record<string, unknown>;
  } catch (err) {
    const first = (err as Error).message.split('\n')[0];
    return { palette: null, warnings: [`${o.file}: not a theme: ${first}`] };
  }
  const fields = Object.keys(doc);
  if (!fields.some((k) => USED_FIELDS.has(k) || OTHER_FIELDS.has(k)))
    return {
      palette: null,
      warnings: [
        `${o.file}: not a theme: it sets none of rozi's theme fields (extends, [terminal], [status], …)`,
      ],
    };
  const warnings: string[] = [];
  const ext = doc.extends;
  let baseSource = PRESETS.get(DEFAULT_THEME);
  if (ext !== undefined) {
    const found = typeof ext === 'string' ? presetOf(ext) : undefined;
    if (found) baseSource = found;
    else
      warnings.push(
        `${o.file}: extends = ${JSON.stringify(ext)} is not a built-in preset; using ${DEFAULT_THEME}`,
      );
  }
  const base = paletteOf(baseSource!);
  const ui: UiColors = { ...base.ui };
  const terminal = { ...base.terminal };
  for (const k of fields)
    if (!USED_FIELDS.has(k) && !OTHER_FIELDS.has(k))
      warnings.push(`${o.file}: unknown theme field ${k}, ignored`);
  const colour = (field: string, value: unknown): string | null => {
    const c = colourOf(value, base);
    if (!c)
      warnings.push(`${o.file}: ${field} = ${JSON.stringify(value)} is not a colour; kept the base colour`);
    return c;
  };
  if (isTable(doc.terminal))
    for (const [k, v] of Object.entries(doc.terminal)) {
      const slot = TERMINAL_KEYS[k];
      if (!slot) warnings.push(`${o.file}: unknown field terminal.${k}, ignored`);
      else terminal[slot] = colour(`terminal.${k}`, v) ?? terminal[slot];
    }
  for (const f of UI_FIELDS) {
    const t = doc[f.table];
    if (!isTable(t) || t[f.key] === undefined) continue;
    if (f.table === 'surface' && t[f.key] === 'backdrop') continue; // the host terminal's colour: none in a browser
    ui[f.token] = colour(`${f.table}.${f.key}`, t[f.key]) ?? ui[f.token];
  }
  if (doc.border_active !== undefined) ui.accent = colour('border_active', doc.border_active) ?? ui.accent;
  if (isTable(doc.terminal) && doc.terminal.background !== undefined) ui.term = terminal.background;
  else terminal.background = ui.term;
  const label = basename(o.file, '.toml');
  return { palette: { ...base, id: o.id, label, ui, terminal }, warnings };
}

function readCustom(themesDir: string, id: string): { text: string; file: string } | null {
  if (!/^[A-Za-z0-9_.-]+$/.test(id) || id.startsWith('.')) return null;
  const file = join(themesDir, `${id}.toml`);
  try {
    return { text: readFileSync(file, 'utf8'), file };
  } catch {
    return null;
  }
}

/**
 * The theme `[theme] name` names. One that cannot be used is one warning and `lastGood` (the
 * theme in force before this read: a save that breaks the theme does not repaint the page), else
 * the default preset.
 */
export function resolveTheme(o: {
  name: unknown;
  themesDir: string;
  lastGood?: ResolvedTheme | null;
}): ResolvedTheme {
  if (o.name === undefined || o.name === '')
    return { name: '', palette: null, source: 'default', warning: null };
  const fallback = (warning: string): ResolvedTheme =>
    o.lastGood
      ? {
          ...o.lastGood,
          warning: warning.replace(/; using \S+$/, `; keeping ${o.lastGood.name || 'the theme in force'}`),
        }
      : { name: String(o.name), palette: paletteOf(PRESETS.get(DEFAULT_THEME)!), source: 'preset', warning };
  if (typeof o.name !== 'string') return fallback(`[theme] name must be a string; using ${DEFAULT_THEME}`);
  const name = o.name;
  const custom = readCustom(o.themesDir, name);
  if (custom) {
    const r = customTheme({ id: name, ...custom });
    if (!r.palette) return fallback(`${r.warnings[0]}; using ${DEFAULT_THEME}`);
    return { name, palette: r.palette, source: 'custom', warning: r.warnings[0] ?? null };
  }
  if (name.trim().toLowerCase() === 'system') return { name, palette: null, source: 'system', warning: null };
  const preset = presetOf(name);
  if (preset) return { name, palette: paletteOf(preset), source: 'preset', warning: null };
  return fallback(
    `[theme] name = "${name}" is neither a file in ${o.themesDir} nor a built-in preset; using ${DEFAULT_THEME}`,
  );
}

/** The choices of the theme picker: system, the presets by scheme, then the custom files. */
export function themeChoices(themesDir: string): ThemeChoice[] {
  let files: string[] = [];
  try {
    files = readdirSync(themesDir).filter((f) => f.endsWith('.toml') && !f.startsWith('.'));
  } catch {
    // No themes directory: no custom themes.
  }
  return [
    { id: 'system', label: 'System (follow this device)', group: 'system' as const },
    ...[...PRESETS.values()]
      .filter((s) => s.id !== 'ansi')
      .map((s) => ({ id: s.id, label: s.label, group: paletteOf(s).scheme })),
    ...files
      .sort()
      .map((f) => ({ id: basename(f, '.toml'), label: basename(f, '.toml'), group: 'custom' as const })),
  ];
}
