import { describe, expect, it } from 'vitest';
import { browserReservedChord } from './browserReserved';

describe('browser-reserved chords', () => {
  it('names what the browser does and offers the nearest free chord', () => {
    expect(browserReservedChord('ctrl-w')).toEqual({
      chord: 'ctrl-w',
      does: 'closes the tab',
      suggestion: 'ctrl-alt-w',
    });
    expect(browserReservedChord('Ctrl+Shift+T')?.suggestion).toBe('ctrl-alt-shift-t');
    // Alt+Tab is the desktop's (it switches windows), so past Ctrl+Alt+Tab only the prefix is left.
    expect(browserReservedChord('ctrl-tab', new Set(['ctrl-alt-tab']))?.suggestion).toBe('prefix tab');
    expect(browserReservedChord('alt-tab')?.does).toBe('switches windows');
    // Any step of a sequence.
    expect(browserReservedChord('ctrl-a ctrl-n')).toMatchObject({
      chord: 'ctrl-n',
      suggestion: 'ctrl-a ctrl-alt-n',
    });
  });

  it('leaves chords that reach the page alone', () => {
    for (const b of ['ctrl-a %', 'ctrl-shift-p', 'alt-t', 'prefix w', 'ctrl-b', 'not a chord+++'])
      expect(browserReservedChord(b)).toBeNull();
  });
});
