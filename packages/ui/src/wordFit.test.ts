import { describe, expect, it } from 'vitest';
import { fitCount, splitWords } from './wordFit';

describe('word-boundary truncation', () => {
  it('splits names and summaries into words that join back to the text', () => {
    expect(splitWords('2 working · 1 needs input')).toEqual(['2 ', 'working · ', '1 ', 'needs ', 'input']);
    expect(splitWords('api-server_v2/build')).toEqual(['api-', 'server_', 'v2/', 'build']);
    expect(splitWords('single')).toEqual(['single']);
    expect(splitWords('a  b').join('')).toBe('a  b');
  });

  it('keeps whole words that fit with the ellipsis, all when everything fits, at least one', () => {
    expect(fitCount([10, 20, 30], 8, 60)).toBe(3);
    expect(fitCount([10, 20, 30], 8, 45)).toBe(2);
    expect(fitCount([10, 20, 30], 8, 37)).toBe(1);
    expect(fitCount([50, 20], 8, 30)).toBe(1);
  });
});
