// [theme] name as rozi resolves it: custom file first, then system, then a preset (any case, the
// aliases), else one warning and lipan; custom files extend a preset and override what they name;
// a file that is not a theme is one line and lipan.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESETS } from './themePresets';
import { resolveTheme, themeChoices } from './themes';

function themesDir(files: Record<string, string> = {}): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'rozi-themes-')), 'themes');
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('[theme] name', () => {
  it('resolves presets case-insensitively and through aliases; unset and system paint nothing of their own', () => {
    const dir = themesDir();
    expect(resolveTheme({ name: 'Tokyo-Night', themesDir: dir }).palette?.id).toBe('tokyo-night');
    expect(resolveTheme({ name: 'gruvbox', themesDir: dir }).palette?.id).toBe('gruvbox-dark');
    const light = resolveTheme({ name: 'solarized-light', themesDir: dir });
    expect(light.palette?.scheme).toBe('light');
    expect(light.palette?.terminal.background).toBe('#fdf6e3');
    expect(resolveTheme({ name: 'dracula', themesDir: dir }).palette?.ui.accent).toBe('#bd93f9');
    expect(resolveTheme({ name: undefined, themesDir: dir })).toMatchObject({
      source: 'default',
      palette: null,
    });
    expect(resolveTheme({ name: 'system', themesDir: dir })).toMatchObject({
      source: 'system',
      palette: null,
    });
    // Every preset of themes.md is there (30 listed; ansi is accepted but not offered).
    expect(PRESETS.size).toBe(31);
    expect(themeChoices(dir).filter((c) => c.group === 'dark' || c.group === 'light')).toHaveLength(30);
  });

  it('an unknown name is one warning and lipan', () => {
    const r = resolveTheme({ name: 'neon', themesDir: '/nowhere/themes' });
    expect(r.palette?.id).toBe('lipan');
    expect(r.warning).toBe(
      '[theme] name = "neon" is neither a file in /nowhere/themes nor a built-in preset; using lipan',
    );
  });

  it('a custom file extends a preset and overrides terminal, status and accent colours', () => {
    const dir = themesDir({
      'my-nord.toml': [
        'extends = "nord"',
        'border_active = "#ff79c6"',
        '[terminal]',
        'background = "#101010"',
        'bright_red = "rgb(255, 0, 0)"',
        'blue = "LightCyan"',
        '[status]',
        'error = "#f55"',
      ].join('\n'),
    });
    const r = resolveTheme({ name: 'my-nord', themesDir: dir });
    expect(r).toMatchObject({ source: 'custom', warning: null });
    expect(r.palette?.ui.accent).toBe('#ff79c6');
    expect(r.palette?.ui.danger).toBe('#ff5555');
    expect(r.palette?.ui.term).toBe('#101010');
    expect(r.palette?.terminal).toMatchObject({
      background: '#101010',
      brightRed: '#ff0000',
      blue: '#8fbcbb',
      green: '#a3be8c',
    });
    expect(themeChoices(dir).at(-1)).toEqual({ id: 'my-nord', label: 'my-nord', group: 'custom' });
  });

  it('a file that is not a theme, or a bad colour, is one line each', () => {
    const dir = themesDir({
      'broken.toml': 'extends = "nord"\n[terminal\n',
      'notes.toml': 'title = "my notes"\n',
      'odd.toml': 'extends = "nord"\n[status]\nerror = "reddish"\n',
    });
    const broken = resolveTheme({ name: 'broken', themesDir: dir });
    expect(broken.palette?.id).toBe('lipan');
    expect(broken.warning).toMatch(/broken\.toml: not a theme: .+; using lipan$/);
    expect(resolveTheme({ name: 'notes', themesDir: dir }).warning).toBe(
      `${join(dir, 'notes.toml')}: not a theme: it sets none of rozi's theme fields (extends, [terminal], [status], …); using lipan`,
    );
    const odd = resolveTheme({ name: 'odd', themesDir: dir });
    expect(odd.palette?.ui.danger).toBe(PRESETS.get('nord')?.ansi[1]);
    expect(odd.warning).toBe(
      `${join(dir, 'odd.toml')}: status.error = "reddish" is not a colour; kept the base colour`,
    );
  });
});
