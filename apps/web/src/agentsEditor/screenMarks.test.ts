import { describe, expect, it } from 'vitest';
import { markScreen } from './screenMarks';

describe('markScreen', () => {
  const screen = 'one two\nthree\nfour five\n';
  it('cuts lines at span edges and keeps every covering mark', () => {
    const lines = markScreen(screen, {
      footerStart: 8,
      spans: [
        { start: 4, end: 7, rule: 0, state: 'blocked', pattern: 'two' },
        { start: 14, end: 23, rule: 'common.x', state: 'working', pattern: 'four five' },
        { start: 19, end: 23, rule: 1, state: 'idle', pattern: 'five' },
      ],
    });
    expect(lines.map((l) => l.runs.map((r) => [r.text, r.marks.map((m) => m.rule)]))).toEqual([
      [
        ['one ', []],
        ['two', [0]],
      ],
      [['three', []]],
      [
        ['four ', ['common.x']],
        ['five', ['common.x', 1]],
      ],
    ]);
    expect(lines.map((l) => l.footer)).toEqual([false, true, true]);
  });
  it('treats the whole screen as footer when it has fewer than eight lines of text', () => {
    expect(markScreen('a\nb', { footerStart: 0, spans: [] }).every((l) => l.footer)).toBe(true);
  });
});
