import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, sanitizeSettings } from './settingsModel';

describe('sanitizeSettings', () => {
  it('keeps known values and clamps the font size', () => {
    const s = sanitizeSettings({ theme: 'light', fontSize: 99, sound: true, prefix: 'ctrl-b' });
    expect(s.theme).toBe('light');
    expect(s.fontSize).toBe(32);
    expect(s.sound).toBe(true);
    expect(s.prefix).toBe('ctrl-b');
  });

  it('falls back to defaults for garbage', () => {
    expect(sanitizeSettings('nope')).toEqual(DEFAULT_SETTINGS);
    expect(sanitizeSettings({ theme: 'purple', fontSize: 'big', sound: 'yes' })).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps the sidebar width within what leaves room for names and for the terminal', () => {
    expect(sanitizeSettings({ sidebarWidth: 320.4 }).sidebarWidth).toBe(320);
    expect(sanitizeSettings({ sidebarWidth: 20 }).sidebarWidth).toBe(160);
    expect(sanitizeSettings({ sidebarWidth: 5000 }).sidebarWidth).toBe(560);
    expect(sanitizeSettings({ sidebarWidth: 'wide' }).sidebarWidth).toBe(240);
  });
});
