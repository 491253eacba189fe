import { describe, expect, it } from 'vitest';
import { LatestSize } from './latestSize';

describe('window-size latest', () => {
  it('follows the viewer used last and returns to the desktop when the phone leaves', () => {
    const sizes = new LatestSize();
    const desktop = {};
    const phone = {};
    expect(sizes.use(1, desktop, { cols: 130, rows: 40 })).toEqual({ cols: 130, rows: 40 });
    expect(sizes.use(1, phone, { cols: 47, rows: 50 })).toEqual({ cols: 47, rows: 50 });
    // Typing on the phone keeps its size; typing on the desktop takes the pane back.
    expect(sizes.use(1, phone)).toBeNull();
    expect(sizes.use(1, desktop)).toEqual({ cols: 130, rows: 40 });
    expect(sizes.use(1, desktop)).toBeNull();
    expect(sizes.use(1, phone)).toEqual({ cols: 47, rows: 50 });
    expect(sizes.leave(1, phone)).toEqual({ cols: 130, rows: 40 });
  });

  it('a viewer that was not the latest leaves without a resize; the last one leaving changes nothing', () => {
    const sizes = new LatestSize();
    const a = {};
    const b = {};
    sizes.use(7, a, { cols: 100, rows: 30 });
    sizes.use(7, b, { cols: 80, rows: 24 });
    expect(sizes.leave(7, a)).toBeNull();
    expect(sizes.leave(7, b)).toBeNull();
    expect(sizes.leave(7, b)).toBeNull();
    // A keystroke from a viewer that never said its size cannot size the pane.
    expect(sizes.use(7, {})).toBeNull();
  });

  it('keeps panes apart', () => {
    const sizes = new LatestSize();
    const v = {};
    const w = {};
    sizes.use(1, v, { cols: 100, rows: 30 });
    sizes.use(2, w, { cols: 50, rows: 20 });
    expect(sizes.use(1, v)).toBeNull();
    sizes.forget(1);
    expect(sizes.leave(1, v)).toBeNull();
  });
});
