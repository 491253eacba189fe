import { describe, expect, it } from 'vitest';
import type { LayoutNode } from '@rozi/server/model';
import { dragRatios, layoutGeometry, neighbourPane, normalizeRatios } from './layoutGeometry';

// 1 | (2 over 3)
const tree: LayoutNode = {
  type: 'split',
  direction: 'row',
  ratios: [0.5, 0.5],
  children: [
    { type: 'pane', paneId: 1 },
    {
      type: 'split',
      direction: 'column',
      ratios: [0.25, 0.75],
      children: [
        { type: 'pane', paneId: 2 },
        { type: 'pane', paneId: 3 },
      ],
    },
  ],
};

describe('layoutGeometry', () => {
  it('lays panes out by ratio and places dividers between children', () => {
    const g = layoutGeometry(tree);
    expect(g.panes).toEqual([
      { paneId: 1, x: 0, y: 0, w: 0.5, h: 1 },
      { paneId: 2, x: 0.5, y: 0, w: 0.5, h: 0.25 },
      { paneId: 3, x: 0.5, y: 0.25, w: 0.5, h: 0.75 },
    ]);
    expect(g.dividers.map((d) => [d.path, d.index, d.direction, d.at])).toEqual([
      [[], 0, 'row', 0.5],
      [[1], 0, 'column', 0.25],
    ]);
  });

  it('finds neighbours by direction, preferring the one sharing the longest edge', () => {
    const { panes } = layoutGeometry(tree);
    expect(neighbourPane({ panes, from: 1, direction: 'right' })).toBe(3);
    expect(neighbourPane({ panes, from: 3, direction: 'left' })).toBe(1);
    expect(neighbourPane({ panes, from: 2, direction: 'down' })).toBe(3);
    expect(neighbourPane({ panes, from: 1, direction: 'left' })).toBeNull();
  });
});

describe('ratios', () => {
  it('repairs bad ratios instead of drawing nothing', () => {
    expect(normalizeRatios([2, 2], 2)).toEqual([0.5, 0.5]);
    expect(normalizeRatios([NaN, -1, 0.5], 3).reduce((a, b) => a + b)).toBeCloseTo(1);
  });

  it('drags one divider, clamps at the minimum, leaves the others alone', () => {
    expect(
      dragRatios({ ratios: [0.3, 0.3, 0.4], index: 0, delta: 0.1, min: 0.05 }).map((r) => +r.toFixed(3)),
    ).toEqual([0.4, 0.2, 0.4]);
    expect(dragRatios({ ratios: [0.5, 0.5], index: 0, delta: 0.9, min: 0.05 })).toEqual([
      0.95, 0.050000000000000044,
    ]);
  });
});
