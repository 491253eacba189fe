// The browser-local preferences (Settings page). Server-owned configuration (keys, agents,
// extensions) lives in config.toml and comes through tRPC; these are per-browser choices.

export type ThemeChoice = 'dark' | 'light' | 'system';

export interface Settings {
  theme: ThemeChoice;
  fontFamily: string;
  fontSize: number;
  /** The prefix chord in config syntax, e.g. `ctrl-a`; null = use the server's / default. */
  prefix: string | null;
  sound: boolean;
  toasts: boolean;
  desktopNotifications: boolean;
  screenReader: boolean;
  reduceMotion: boolean;
  sidebarOpen: boolean;
  /** The left sidebar's width in CSS pixels (dragged or arrowed on its edge). */
  sidebarWidth: number;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: 'dark',
  fontFamily: '"JetBrains Mono", "Cascadia Mono", "DejaVu Sans Mono", ui-monospace, monospace',
  fontSize: 13,
  prefix: null,
  sound: false,
  toasts: true,
  desktopNotifications: false,
  screenReader: false,
  reduceMotion: false,
  sidebarOpen: true,
  sidebarWidth: 240,
};

/** Narrower cuts folder names to a letter; wider leaves too little terminal on a laptop. */
export const SIDEBAR_WIDTH_MIN = 160;
export const SIDEBAR_WIDTH_MAX = 560;

export function clampSidebarWidth(width: number): number {
  return Math.min(SIDEBAR_WIDTH_MAX, Math.max(SIDEBAR_WIDTH_MIN, Math.round(width)));
}

export const FONT_SIZE_MIN = 8;
export const FONT_SIZE_MAX = 32;

/** Keeps only known keys with the right types, so an old or hand-edited value cannot break the page. */
export function sanitizeSettings(raw: unknown): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS };
  if (typeof raw !== 'object' || raw === null) return out;
  const r = raw as Record<string, unknown>;
  if (r.theme === 'dark' || r.theme === 'light' || r.theme === 'system') out.theme = r.theme;
  if (typeof r.fontFamily === 'string' && r.fontFamily.trim()) out.fontFamily = r.fontFamily;
  if (typeof r.fontSize === 'number' && Number.isFinite(r.fontSize)) {
    out.fontSize = Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, Math.round(r.fontSize)));
  }
  if (typeof r.prefix === 'string' || r.prefix === null) out.prefix = r.prefix;
  if (typeof r.sidebarWidth === 'number' && Number.isFinite(r.sidebarWidth))
    out.sidebarWidth = clampSidebarWidth(r.sidebarWidth);
  for (const key of [
    'sound',
    'toasts',
    'desktopNotifications',
    'screenReader',
    'reduceMotion',
    'sidebarOpen',
  ] as const) {
    if (typeof r[key] === 'boolean') out[key] = r[key];
  }
  return out;
}
