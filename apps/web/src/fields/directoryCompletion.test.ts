import { describe, expect, it } from 'vitest';
import { commonPrefix, stepActive } from './directoryCompletion';

describe('directory completion helpers', () => {
  it('completes to the part every entry shares', () => {
    expect(commonPrefix(['~/src/', '~/srv/', '~/srclink/'])).toBe('~/sr');
    expect(commonPrefix(['~/src/'])).toBe('~/src/');
    expect(commonPrefix([])).toBeUndefined();
  });

  it('moves the highlight with wrap-around', () => {
    expect(stepActive(-1, 3, 1)).toBe(0);
    expect(stepActive(2, 3, 1)).toBe(0);
    expect(stepActive(-1, 3, -1)).toBe(2);
    expect(stepActive(0, 3, -1)).toBe(2);
    expect(stepActive(0, 0, 1)).toBe(-1);
  });
});
