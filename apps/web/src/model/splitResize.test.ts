import { describe, expect, it } from 'vitest';
import type { LayoutNode } from '@rozi/server/model';
import { growStep, resizeStep, withRatios } from './splitResize';

const p = (paneId: number): LayoutNode => ({ type: 'pane', paneId });
// 1 | (2 over 3)
const tree: LayoutNode = {
  type: 'split',
  direction: 'row',
  ratios: [0.5, 0.5],
  children: [p(1), { type: 'split', direction: 'column', ratios: [0.5, 0.5], children: [p(2), p(3)] }],
};

describe('resize mode', () => {
  it('l moves the divider after the pane right, h left; the last pane moves the one before it', () => {
    expect(resizeStep(tree, { pane: 1, direction: 'right' })).toEqual({ path: [], ratios: [0.54, 0.46] });
    expect(resizeStep(tree, { pane: 1, direction: 'left' })).toEqual({ path: [], ratios: [0.46, 0.54] });
    expect(resizeStep(tree, { pane: 2, direction: 'left' })).toEqual({ path: [], ratios: [0.46, 0.54] });
  });
  it('j/k move the column divider of the innermost column split; none is null', () => {
    expect(resizeStep(tree, { pane: 3, direction: 'up' })).toEqual({ path: [1], ratios: [0.46, 0.54] });
    expect(resizeStep(tree, { pane: 1, direction: 'down' })).toBeNull();
    expect(resizeStep(p(1), { pane: 1, direction: 'left' })).toBeNull();
  });
  it('never squeezes a pane below 5%', () => {
    const thin: LayoutNode = { ...tree, ratios: [0.93, 0.07] } as LayoutNode;
    expect(resizeStep(thin, { pane: 1, direction: 'right' })).toBeNull();
  });
  it('grow and shrink change the pane share of its split', () => {
    expect(growStep(tree, { pane: 2, step: 0.04 })).toEqual({ path: [1], ratios: [0.54, 0.46] });
    expect(growStep(tree, { pane: 1, step: -0.04 })).toEqual({ path: [], ratios: [0.46, 0.54] });
  });
  it('a second press steps from the layout the first asked for', () => {
    const first = resizeStep(tree, { pane: 1, direction: 'right' })!;
    const asked = withRatios(tree, first);
    expect(resizeStep(asked, { pane: 1, direction: 'right' })).toEqual({ path: [], ratios: [0.58, 0.42] });
    const inner = resizeStep(tree, { pane: 3, direction: 'up' })!;
    const nested = withRatios(tree, inner);
    expect(nested.type === 'split' && nested.children[1]).toMatchObject({ ratios: [0.46, 0.54] });
    expect(tree.type === 'split' && tree.children[1]).toMatchObject({ ratios: [0.5, 0.5] });
  });
});
