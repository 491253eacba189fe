import { describe, expect, it } from 'vitest';
import { movedFloat, notePointer, pointerSpot, rectAtPointer, resizedFloat } from './floatRect';

const near = (r: Record<string, number>) =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Math.round(v * 1000) / 1000]));

describe('floating rectangles', () => {
  it('centres a new float on the pointer, clamped to the area near an edge', () => {
    expect(near(rectAtPointer({ x: 0.5, y: 0.5 }))).toEqual({ x: 0.2, y: 0.15, width: 0.6, height: 0.7 });
    expect(near(rectAtPointer({ x: 0.4, y: 0.45 }))).toEqual({ x: 0.1, y: 0.1, width: 0.6, height: 0.7 });
    expect(near(rectAtPointer({ x: 0.02, y: 0.98 }))).toEqual({ x: 0, y: 0.3, width: 0.6, height: 0.7 });
    expect(near(rectAtPointer({ x: 1, y: 0 }))).toEqual({ x: 0.4, y: 0, width: 0.6, height: 0.7 });
  });

  it('resize mode grows right/down and shrinks left/up from the top-left corner', () => {
    const r = { x: 0.1, y: 0.2, width: 0.5, height: 0.4 };
    expect(near(resizedFloat(r, 'right'))).toEqual({ x: 0.1, y: 0.2, width: 0.54, height: 0.4 });
    expect(near(resizedFloat(r, 'down'))).toEqual({ x: 0.1, y: 0.2, width: 0.5, height: 0.44 });
    expect(near(resizedFloat(r, 'left'))).toEqual({ x: 0.1, y: 0.2, width: 0.46, height: 0.4 });
    expect(near(resizedFloat(r, 'up'))).toEqual({ x: 0.1, y: 0.2, width: 0.5, height: 0.36 });
    // Never below 10%, never past the area's far edge.
    expect(resizedFloat({ ...r, width: 0.1 }, 'left').width).toBe(0.1);
    expect(near(resizedFloat({ ...r, width: 0.88 }, 'right'))).toMatchObject({ width: 0.9 });
  });

  it('Shift+h/j/k/l move it one step, size kept', () => {
    const r = { x: 0.1, y: 0.2, width: 0.5, height: 0.4 };
    expect(near(movedFloat(r, 'right'))).toEqual({ x: 0.14, y: 0.2, width: 0.5, height: 0.4 });
    expect(near(movedFloat(r, 'up'))).toEqual({ x: 0.1, y: 0.16, width: 0.5, height: 0.4 });
  });

  it('remembers the last pointer spot per tab', () => {
    expect(pointerSpot('s/7')).toBeUndefined();
    notePointer('s/7', { x: 0.3, y: 0.6 });
    expect(pointerSpot('s/7')).toEqual({ x: 0.3, y: 0.6 });
  });
});
