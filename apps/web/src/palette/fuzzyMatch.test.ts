import { describe, expect, it } from 'vitest';
import { fuzzyMatch, rankByFuzzy } from './fuzzyMatch';

describe('fuzzyMatch', () => {
  it('matches characters in order and rejects the rest', () => {
    expect(fuzzyMatch('spr', 'Split right')).not.toBeNull();
    expect(fuzzyMatch('rps', 'Split right')).toBeNull();
  });

  it('highlights word starts', () => {
    expect(fuzzyMatch('sr', 'Split right')!.positions).toEqual([0, 6]);
  });

  it('ranks word-start and run matches first', () => {
    const items = ['Show prefix help', 'Split right', 'Split down', 'Zoom pane'];
    const ranked = rankByFuzzy(items, 'split r', (s) => [s]).map((r) => r.item);
    expect(ranked[0]).toBe('Split right');
    expect(rankByFuzzy(items, 'zoom', (s) => [s]).map((r) => r.item)).toEqual(['Zoom pane']);
  });

  it('keeps the original order for an empty query', () => {
    const items = ['b', 'a', 'c'];
    expect(rankByFuzzy(items, '', (s) => [s]).map((r) => r.item)).toEqual(items);
  });

  it('tries each start: "thm" finds the theme, not "the … terminal"', () => {
    const items = ['Send the prefix key to the terminal', 'Toggle light/dark theme'];
    expect(rankByFuzzy(items, 'thm', (s) => [s])[0]!.item).toBe('Toggle light/dark theme');
    expect(fuzzyMatch('thm', 'Toggle light/dark theme')!.positions).toEqual([18, 19, 21]);
  });
});
