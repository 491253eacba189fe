import { describe, expect, it } from 'vitest';
import { ROW_PX, rowRange } from './rowWindow';

describe('rowRange', () => {
  it('draws the rows in view plus a margin, never past the list', () => {
    expect(rowRange({ top: 0, height: 400, count: 10_000 })).toEqual([0, 400 / ROW_PX + 15]);
    const [first, last] = rowRange({ top: 5000 * ROW_PX, height: 600, count: 10_000 });
    expect(first).toBe(5000 - 15);
    expect(last).toBe(5000 + 600 / ROW_PX + 15);
    expect(last - first).toBeLessThan(100);
    expect(rowRange({ top: 9990 * ROW_PX, height: 600, count: 10_000 })[1]).toBe(10_000);
    expect(rowRange({ top: 0, height: 600, count: 0 })).toEqual([0, 0]);
  });
});
