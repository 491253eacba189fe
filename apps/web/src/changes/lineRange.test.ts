import { describe, expect, it } from 'vitest';
import type { DiffRow } from './diffModel';
import { anchorKey, rangeTarget } from './lineRange';
import { reviewText } from './reviewText';

const row = (
  kind: DiffRow['kind'],
  [oldNumber, newNumber]: [number | null, number | null],
  text: string,
): DiffRow => ({
  kind,
  oldNumber,
  newNumber,
  text,
  html: null,
});

const hunk = [
  row('context', [1, 1], 'a'),
  row('delete', [2, null], 'old b'),
  row('insert', [null, 2], 'new b'),
  row('context', [3, 3], 'c'),
  row('delete', [4, null], 'gone d'),
];

describe('rangeTarget', () => {
  it('one row is that line, unsigned', () => {
    expect(rangeTarget({ path: 'f.ts', rows: hunk, from: 1, to: 1 })).toEqual({
      path: 'f.ts',
      line: 2,
      side: 'old',
      quote: ['old b'],
    });
  });

  it('a range (either direction) is named by new lines and quotes every row, signed', () => {
    const t = rangeTarget({ path: 'f.ts', rows: hunk, from: 4, to: 0 });
    expect(t).toEqual({
      path: 'f.ts',
      line: 1,
      endLine: 3,
      side: 'new',
      quote: [' a', '-old b', '+new b', ' c', '-gone d'],
    });
    expect(anchorKey(t)).toBe('new:3');
  });

  it('a range of removed lines only is named by their old numbers', () => {
    const gone = [row('delete', [7, null], 'x'), row('delete', [8, null], 'y')];
    expect(rangeTarget({ path: 'g.ts', rows: gone, from: 0, to: 1 })).toMatchObject({
      line: 7,
      endLine: 8,
      side: 'old',
    });
  });

  it('reads as file:first-last in the review', () => {
    const t = rangeTarget({ path: 'f.ts', rows: hunk, from: 2, to: 3 });
    const text = reviewText({ scope: 'all changes', comments: [{ ...t, id: 'r', text: 'tidy this' }] });
    expect(text.split('\n').slice(1)).toEqual(['1. f.ts:2-3', '   > +new b', '   >  c', '   tidy this']);
  });
});
