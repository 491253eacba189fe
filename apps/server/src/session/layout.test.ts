import { describe, expect, it } from 'vitest';
import { equalize, insertPane, paneIds, removePane, setRatios, validateLayout } from './layout';
import type { LayoutNode } from './model';

const one: LayoutNode = { type: 'pane', paneId: 1 };

describe('layout', () => {
  it('splits a pane and flattens same-direction splits into equal shares of the target', () => {
    const a = insertPane(one, { targetId: 1, newId: 2, direction: 'row' });
    const b = insertPane(a, { targetId: 2, newId: 3, direction: 'row' });
    expect(b).toEqual({
      type: 'split',
      direction: 'row',
      ratios: [0.5, 0.25, 0.25],
      children: [one, { type: 'pane', paneId: 2 }, { type: 'pane', paneId: 3 }],
    });
    const c = insertPane(b, { targetId: 3, newId: 4, direction: 'column', before: true });
    expect(paneIds(c)).toEqual([1, 2, 4, 3]);
  });

  it('removes panes, giving space to siblings and collapsing single children', () => {
    let l = insertPane(one, { targetId: 1, newId: 2, direction: 'row' });
    l = insertPane(l, { targetId: 2, newId: 3, direction: 'column' });
    const without3 = removePane(l, 3) as LayoutNode;
    expect(without3).toEqual({
      type: 'split',
      direction: 'row',
      ratios: [0.5, 0.5],
      children: [one, { type: 'pane', paneId: 2 }],
    });
    expect(removePane(removePane(without3, 2) as LayoutNode, 1)).toBeNull();
  });

  it('sets ratios by path with every diagnostic as a value, and equalizes', () => {
    const l = insertPane(insertPane(one, { targetId: 1, newId: 2, direction: 'row' }), {
      targetId: 2,
      newId: 3,
      direction: 'column',
    });
    expect(setRatios(l, [], [3, 1])).toEqual({ layout: { ...l, ratios: [0.75, 0.25] } });
    expect(setRatios(l, [0], [1, 1])).toEqual({ error: 'no split at path [0]' });
    expect(setRatios(l, [1], [1, 1, 1])).toEqual({ error: 'the split has 2 children, got 3 ratios' });
    expect(setRatios(l, [1], [1, -1])).toEqual({ error: 'every ratio must be a positive number' });
    const skewed = setRatios(l, [], [9, 1]) as { layout: LayoutNode };
    expect(equalize(skewed.layout)).toEqual(l);
  });

  it('validates layouts read from disk, reporting all problems', () => {
    expect(validateLayout(one)).toEqual([]);
    expect(
      validateLayout({
        type: 'split',
        direction: 'diagonal',
        ratios: [1],
        children: [one, { type: 'pane' }],
      }),
    ).toEqual([
      "layout: direction must be 'row' or 'column'",
      'layout: ratios must be one positive number per child',
      'layout.children[1]: paneId must be an integer',
    ]);
  });
});
