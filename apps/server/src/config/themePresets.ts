// rozi's built-in theme presets (themes.md) as the web edition paints them: each preset is its
// background, foreground, accent and 16-colour ANSI palette; the page's colour tokens (surfaces,
// lines, muted text, state colours) are derived from those, so one table drives the terminal
// palette and the UI alike. `lipan` (the default) and `rozi` are the web edition's own dark look.
// Pure: no I/O (themes.ts reads custom theme files).

export const ANSI_NAMES = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'brightBlack',
  'brightRed',
  'brightGreen',
  'brightYellow',
  'brightBlue',
  'brightMagenta',
  'brightCyan',
  'brightWhite',
] as const;
export type AnsiName = (typeof ANSI_NAMES)[number];

/** The page's colour tokens (apps/web/app/globals.css `--rz-*`). */
export interface UiColors {
  bg: string;
  surface: string;
  surface2: string;
  surface3: string;
  line: string;
  fg: string;
  muted: string;
  accent: string;
  accentFg: string;
  working: string;
  blocked: string;
  done: string;
  danger: string;
  term: string;
}

/** xterm.js's theme fields the page sets. */
export type TerminalPalette = Record<AnsiName, string> & {
  background: string;
  foreground: string;
  cursor: string;
  cursorAccent: string;
  selectionBackground: string;
};

export interface ThemePalette {
  id: string;
  label: string;
  scheme: 'dark' | 'light';
  ui: UiColors;
  terminal: TerminalPalette;
}

export interface PresetSource {
  id: string;
  label: string;
  bg: string;
  fg: string;
  accent: string;
  ansi: string[];
}

const p = (id: string, label: string, colours: string): PresetSource => {
  const [bg = '', fg = '', accent = '', ...ansi] = colours.split(' ');
  return { id, label, bg, fg, accent, ansi };
};

const PRESET_SOURCES: readonly PresetSource[] = [
  p(
    'rozi',
    'Rozi',
    '#0e1014 #d7dbe0 #5b9dff #1c2028 #ef5350 #3ecf8e #f5c451 #5b9dff #c792ea #4fd1d9 #d7dbe0 #5c6675 #ff7b78 #6ee7b1 #ffd97a #8ab8ff #ddb4f6 #86e6ec #ffffff',
  ),
  p(
    'lipan',
    'Lipan',
    '#0e1014 #d7dbe0 #5b9dff #1c2028 #ef5350 #3ecf8e #f5c451 #5b9dff #c792ea #4fd1d9 #d7dbe0 #5c6675 #ff7b78 #6ee7b1 #ffd97a #8ab8ff #ddb4f6 #86e6ec #ffffff',
  ),
  p(
    'ansi',
    'ANSI',
    '#000000 #c0c0c0 #0000ee #000000 #cd0000 #00cd00 #cdcd00 #0000ee #cd00cd #00cdcd #e5e5e5 #7f7f7f #ff0000 #00ff00 #ffff00 #5c5cff #ff00ff #00ffff #ffffff',
  ),
  p(
    'one-dark',
    'One Dark',
    '#282c34 #abb2bf #61afef #282c34 #e06c75 #98c379 #e5c07b #61afef #c678dd #56b6c2 #abb2bf #5c6370 #e06c75 #98c379 #e5c07b #61afef #c678dd #56b6c2 #ffffff',
  ),
  p(
    'dracula',
    'Dracula',
    '#282a36 #f8f8f2 #bd93f9 #21222c #ff5555 #50fa7b #f1fa8c #bd93f9 #ff79c6 #8be9fd #f8f8f2 #6272a4 #ff6e6e #69ff94 #ffffa5 #d6acff #ff92df #a4ffff #ffffff',
  ),
  p(
    'nord',
    'Nord',
    '#2e3440 #d8dee9 #88c0d0 #3b4252 #bf616a #a3be8c #ebcb8b #81a1c1 #b48ead #88c0d0 #e5e9f0 #4c566a #bf616a #a3be8c #ebcb8b #81a1c1 #b48ead #8fbcbb #eceff4',
  ),
  p(
    'gruvbox-dark',
    'Gruvbox Dark',
    '#282828 #ebdbb2 #83a598 #282828 #cc241d #98971a #d79921 #458588 #b16286 #689d6a #a89984 #928374 #fb4934 #b8bb26 #fabd2f #83a598 #d3869b #8ec07c #ebdbb2',
  ),
  p(
    'catppuccin-mocha',
    'Catppuccin Mocha',
    '#1e1e2e #cdd6f4 #cba6f7 #45475a #f38ba8 #a6e3a1 #f9e2af #89b4fa #f5c2e7 #94e2d5 #bac2de #585b70 #f38ba8 #a6e3a1 #f9e2af #89b4fa #f5c2e7 #94e2d5 #a6adc8',
  ),
  p(
    'tokyo-night',
    'Tokyo Night',
    '#1a1b26 #c0caf5 #7aa2f7 #15161e #f7768e #9ece6a #e0af68 #7aa2f7 #bb9af7 #7dcfff #a9b1d6 #414868 #f7768e #9ece6a #e0af68 #7aa2f7 #bb9af7 #7dcfff #c0caf5',
  ),
  p(
    'solarized-dark',
    'Solarized Dark',
    '#002b36 #839496 #268bd2 #073642 #dc322f #859900 #b58900 #268bd2 #d33682 #2aa198 #eee8d5 #586e75 #cb4b16 #586e75 #657b83 #839496 #6c71c4 #93a1a1 #fdf6e3',
  ),
  p(
    'monokai',
    'Monokai',
    '#272822 #f8f8f2 #a6e22e #272822 #f92672 #a6e22e #f4bf75 #66d9ef #ae81ff #a1efe4 #f8f8f2 #75715e #f92672 #a6e22e #f4bf75 #66d9ef #ae81ff #a1efe4 #f9f8f5',
  ),
  p(
    'solarized-light',
    'Solarized Light',
    '#fdf6e3 #657b83 #268bd2 #073642 #dc322f #859900 #b58900 #268bd2 #d33682 #2aa198 #eee8d5 #002b36 #cb4b16 #586e75 #657b83 #839496 #6c71c4 #93a1a1 #fdf6e3',
  ),
  p(
    'gruvbox-light',
    'Gruvbox Light',
    '#fbf1c7 #3c3836 #076678 #fbf1c7 #cc241d #98971a #d79921 #458588 #b16286 #689d6a #7c6f64 #928374 #9d0006 #79740e #b57614 #076678 #8f3f71 #427b58 #3c3836',
  ),
  p(
    'tokyo-night-day',
    'Tokyo Night Day',
    '#e1e2e7 #3760bf #2e7de9 #e9e9ed #f52a65 #587539 #8c6c3e #2e7de9 #9854f1 #007197 #6172b0 #a1a6c5 #f52a65 #587539 #8c6c3e #2e7de9 #9854f1 #007197 #3760bf',
  ),
  p(
    'catppuccin-latte',
    'Catppuccin Latte',
    '#eff1f5 #4c4f69 #8839ef #5c5f77 #d20f39 #40a02b #df8e1d #1e66f5 #ea76cb #179299 #acb0be #6c6f85 #d20f39 #40a02b #df8e1d #1e66f5 #ea76cb #179299 #bcc0cc',
  ),
  p(
    'catppuccin-frappe',
    'Catppuccin Frappe',
    '#303446 #c6d0f5 #ca9ee6 #51576d #e78284 #a6d189 #e5c890 #8caaee #f4b8e4 #81c8be #b5bfe2 #626880 #e78284 #a6d189 #e5c890 #8caaee #f4b8e4 #81c8be #a5adce',
  ),
  p(
    'catppuccin-macchiato',
    'Catppuccin Macchiato',
    '#24273a #cad3f5 #c6a0f6 #494d64 #ed8796 #a6da95 #eed49f #8aadf4 #f5bde6 #8bd5ca #b8c0e0 #5b6078 #ed8796 #a6da95 #eed49f #8aadf4 #f5bde6 #8bd5ca #a5adcb',
  ),
  p(
    'rose-pine',
    'Rosé Pine',
    '#191724 #e0def4 #c4a7e7 #26233a #eb6f92 #31748f #f6c177 #9ccfd8 #c4a7e7 #ebbcba #e0def4 #6e6a86 #eb6f92 #31748f #f6c177 #9ccfd8 #c4a7e7 #ebbcba #e0def4',
  ),
  p(
    'rose-pine-moon',
    'Rosé Pine Moon',
    '#232136 #e0def4 #c4a7e7 #393552 #eb6f92 #3e8fb0 #f6c177 #9ccfd8 #c4a7e7 #ea9a97 #e0def4 #6e6a86 #eb6f92 #3e8fb0 #f6c177 #9ccfd8 #c4a7e7 #ea9a97 #e0def4',
  ),
  p(
    'rose-pine-dawn',
    'Rosé Pine Dawn',
    '#faf4ed #575279 #907aa9 #f2e9e1 #b4637a #286983 #ea9d34 #56949f #907aa9 #d7827e #575279 #9893a5 #b4637a #286983 #ea9d34 #56949f #907aa9 #d7827e #575279',
  ),
  p(
    'kanagawa',
    'Kanagawa',
    '#1f1f28 #dcd7ba #7e9cd8 #090618 #c34043 #76946a #c0a36e #7e9cd8 #957fb8 #6a9589 #c8c093 #727169 #e82424 #98bb6c #e6c384 #7fb4ca #938aa9 #7aa89f #dcd7ba',
  ),
  p(
    'everforest',
    'Everforest',
    '#2d353b #d3c6aa #a7c080 #475258 #e67e80 #a7c080 #dbbc7f #7fbbb3 #d699b6 #83c092 #d3c6aa #859289 #e67e80 #a7c080 #dbbc7f #7fbbb3 #d699b6 #83c092 #d3c6aa',
  ),
  p(
    'ayu-dark',
    'Ayu Dark',
    '#0b0e14 #bfbdb6 #e6b450 #01060e #ea6c73 #91b362 #f9af4f #53bdfa #fae994 #90e1c6 #c7c7c7 #686868 #f07178 #c2d94c #ffb454 #59c2ff #ffee99 #95e6cb #ffffff',
  ),
  p(
    'ayu-mirage',
    'Ayu Mirage',
    '#1f2430 #cccac2 #ffcc66 #191e2a #ed8274 #a6cc70 #fad07b #6dcbfa #cfbafa #90e1c6 #c7c7c7 #686868 #f28779 #bae67e #ffd580 #73d0ff #d4bfff #95e6cb #ffffff',
  ),
  p(
    'ayu-light',
    'Ayu Light',
    '#fcfcfc #5c6166 #ff9940 #000000 #ea6c6d #6cbf43 #eca944 #3199e1 #9e75c7 #46ba94 #bababa #686868 #f07171 #86b300 #f2ae49 #399ee6 #a37acc #4cbf99 #d1d1d1',
  ),
  p(
    'nightfox',
    'Nightfox',
    '#192330 #cdcecf #719cd6 #393b44 #c94f6d #81b29a #dbc074 #719cd6 #9d79d6 #63cdcf #dfdfe0 #575860 #d16983 #8ebaa4 #e0c989 #86abdc #baa1e2 #7ad5d6 #e4e4e5',
  ),
  p(
    'nordfox',
    'Nordfox',
    '#2e3440 #cdcecf #81a1c1 #3b4252 #bf616a #a3be8c #ebcb8b #81a1c1 #b48ead #88c0d0 #e5e9f0 #465780 #d06f79 #b1d196 #f0d399 #8cafd2 #c895bf #93ccdc #e7ecf4',
  ),
  p(
    'night-owl',
    'Night Owl',
    '#011627 #d6deeb #82aaff #011627 #ef5350 #22da6e #addb67 #82aaff #c792ea #21c7a8 #ffffff #575656 #ef5350 #22da6e #ffeb95 #82aaff #c792ea #7fdbca #ffffff',
  ),
  p(
    'material-palenight',
    'Material Palenight',
    '#292d3e #a6accd #c792ea #292d3e #f07178 #c3e88d #ffcb6b #82aaff #c792ea #89ddff #d0d0d0 #434758 #ff8b92 #ddffa7 #ffe585 #9cc4ff #e1acff #a3f7ff #ffffff',
  ),
  p(
    'oxocarbon',
    'Oxocarbon',
    '#161616 #f2f4f8 #78a9ff #262626 #ee5396 #42be65 #ffe97b #33b1ff #ff7eb6 #3ddbd9 #dde1e6 #393939 #ee5396 #42be65 #ffe97b #33b1ff #ff7eb6 #3ddbd9 #ffffff',
  ),
  p(
    'zenburn',
    'Zenburn',
    '#3f3f3f #dcdccc #8cd0d3 #4d4d4d #705050 #60b48a #f0dfaf #506070 #dc8cc3 #8cd0d3 #dcdccc #709080 #dca3a3 #c3bf9f #e0cf9f #94bff3 #ec93d3 #93e0e3 #ffffff',
  ),
];

/** rozi's aliases of preset ids (themes.md). */
const ALIASES: Record<string, string> = {
  onedark: 'one-dark',
  tokyonight: 'tokyo-night',
  solarized: 'solarized-dark',
  gruvbox: 'gruvbox-dark',
  catppuccin: 'catppuccin-mocha',
};

function channels(hex: string): [number, number, number] {
  const h = hex.slice(1);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (c: number[]) =>
  `#${c
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** `a` moved toward `b` by `t` (0..1), in sRGB. */
export function mix(a: string, b: string, t: number): string {
  const x = channels(a);
  const y = channels(b);
  return toHex(x.map((v, i) => v + ((y[i] ?? 0) - v) * t));
}

/** Relative luminance (WCAG), 0 black … 1 white. */
export function luminance(hex: string): number {
  const lin = channels(hex).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (lin[0] ?? 0) + 0.7152 * (lin[1] ?? 0) + 0.0722 * (lin[2] ?? 0);
}

/** The web edition's own dark tokens (globals.css), kept exactly for lipan and rozi. */
const OWN_DARK_UI: UiColors = {
  bg: '#0e1014',
  surface: '#13161b',
  surface2: '#1a1e25',
  surface3: '#242a33',
  line: '#2a313b',
  fg: '#e4e7eb',
  muted: '#8d96a5',
  accent: '#5b9dff',
  accentFg: '#0b1220',
  working: '#5b9dff',
  blocked: '#f5a524',
  done: '#3ecf8e',
  danger: '#ef5350',
  term: '#0b0d11',
};

/** A palette from its sources: the UI tokens derived from background, foreground and ANSI colours. */
export function paletteOf(s: PresetSource): ThemePalette {
  const ansi = Object.fromEntries(ANSI_NAMES.map((n, i) => [n, s.ansi[i] ?? s.fg])) as Record<
    AnsiName,
    string
  >;
  const dark = luminance(s.bg) < 0.3;
  const terminal: TerminalPalette = {
    ...ansi,
    background: s.bg,
    foreground: s.fg,
    cursor: s.accent,
    cursorAccent: s.bg,
    selectionBackground: mix(s.bg, s.accent, 0.35),
  };
  if (s.id === 'lipan' || s.id === 'rozi')
    return {
      id: s.id,
      label: s.label,
      scheme: 'dark',
      ui: OWN_DARK_UI,
      terminal: { ...terminal, background: OWN_DARK_UI.term },
    };
  const ui: UiColors = {
    bg: s.bg,
    surface: mix(s.bg, s.fg, 0.04),
    surface2: mix(s.bg, s.fg, 0.08),
    surface3: mix(s.bg, s.fg, 0.13),
    line: mix(s.bg, s.fg, 0.17),
    fg: s.fg,
    muted: mix(s.fg, s.bg, 0.38),
    accent: s.accent,
    accentFg: luminance(s.accent) > 0.4 ? mix(s.bg, '#000000', dark ? 0.4 : 0.85) : '#ffffff',
    working: ansi.blue,
    blocked: ansi.yellow,
    done: ansi.green,
    danger: ansi.red,
    term: s.bg,
  };
  return { id: s.id, label: s.label, scheme: dark ? 'dark' : 'light', ui, terminal };
}

export const PRESETS: ReadonlyMap<string, PresetSource> = new Map(PRESET_SOURCES.map((s) => [s.id, s]));

/** A preset by id, case-insensitively and through rozi's aliases; undefined when there is none. */
export function presetOf(name: string): PresetSource | undefined {
  const id = name.trim().toLowerCase();
  return PRESETS.get(ALIASES[id] ?? id);
}

export const DEFAULT_THEME = 'lipan';
