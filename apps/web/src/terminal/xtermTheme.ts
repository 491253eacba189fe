// xterm.js colour themes matching the page's dark and light palettes (globals.css).
import type { ITheme } from '@xterm/xterm';

export const DARK_TERMINAL_THEME: ITheme = {
  background: '#0b0d11',
  foreground: '#d7dbe0',
  cursor: '#5b9dff',
  cursorAccent: '#0b0d11',
  selectionBackground: '#2c4a7a',
  selectionInactiveBackground: '#24344f',
  black: '#1c2028',
  red: '#ef5350',
  green: '#3ecf8e',
  yellow: '#f5c451',
  blue: '#5b9dff',
  magenta: '#c792ea',
  cyan: '#4fd1d9',
  white: '#d7dbe0',
  brightBlack: '#5c6675',
  brightRed: '#ff7b78',
  brightGreen: '#6ee7b1',
  brightYellow: '#ffd97a',
  brightBlue: '#8ab8ff',
  brightMagenta: '#ddb4f6',
  brightCyan: '#86e6ec',
  brightWhite: '#ffffff',
};

export const LIGHT_TERMINAL_THEME: ITheme = {
  background: '#fbfbfc',
  foreground: '#1f2328',
  cursor: '#2563eb',
  cursorAccent: '#fbfbfc',
  selectionBackground: '#bcd3fb',
  selectionInactiveBackground: '#dbe5f5',
  black: '#1f2328',
  red: '#c62828',
  green: '#0f7b4d',
  yellow: '#8a6100',
  blue: '#1d4ed8',
  magenta: '#8e3fbf',
  cyan: '#0b7a86',
  white: '#d0d7de',
  brightBlack: '#57606a',
  brightRed: '#e5534b',
  brightGreen: '#1a9c63',
  brightYellow: '#a87b00',
  brightBlue: '#3b82f6',
  brightMagenta: '#a855f7',
  brightCyan: '#0e9aa7',
  brightWhite: '#ffffff',
};

export function terminalTheme(resolved: 'dark' | 'light'): ITheme {
  return resolved === 'light' ? LIGHT_TERMINAL_THEME : DARK_TERMINAL_THEME;
}
