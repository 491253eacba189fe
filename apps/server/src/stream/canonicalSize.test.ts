import { describe, expect, it } from 'vitest';
import { CanonicalSize } from './canonicalSize';

const DESKTOP = 1;
const PHONE = 2;

describe('a pane with no controller among its viewers: window-size latest', () => {
  it('follows the viewer used last and returns to the desktop when the phone leaves', () => {
    const sizes = new CanonicalSize(() => null);
    expect(sizes.use(1, DESKTOP, { cols: 130, rows: 40 })).toEqual({
      key: 1,
      by: DESKTOP,
      cols: 130,
      rows: 40,
    });
    expect(sizes.use(1, PHONE, { cols: 47, rows: 50 })).toEqual({ key: 1, by: PHONE, cols: 47, rows: 50 });
    // Typing on the phone keeps its size; typing on the desktop takes the pane back.
    expect(sizes.use(1, PHONE)).toBeNull();
    expect(sizes.use(1, DESKTOP)).toMatchObject({ by: DESKTOP, cols: 130 });
    expect(sizes.use(1, DESKTOP)).toBeNull();
    expect(sizes.use(1, PHONE)).toMatchObject({ by: PHONE, cols: 47 });
    expect(sizes.leave(1, PHONE)).toMatchObject({ by: DESKTOP, cols: 130, rows: 40 });
    expect(sizes.current(1)).toMatchObject({ by: DESKTOP });
  });

  it('a viewer that was not the latest leaves without a resize; the last one leaving changes nothing', () => {
    const sizes = new CanonicalSize(() => null);
    sizes.use(7, 1, { cols: 100, rows: 30 });
    sizes.use(7, 2, { cols: 80, rows: 24 });
    expect(sizes.leave(7, 1)).toBeNull();
    expect(sizes.leave(7, 2)).toBeNull();
    expect(sizes.leave(7, 2)).toBeNull();
    expect(sizes.current(7)).toBeNull();
    // A keystroke from a viewer that never said its size cannot size the pane.
    expect(sizes.use(7, 3)).toBeNull();
  });

  it('keeps panes apart', () => {
    const sizes = new CanonicalSize(() => null);
    sizes.use(1, 1, { cols: 100, rows: 30 });
    sizes.use(2, 2, { cols: 50, rows: 20 });
    expect(sizes.use(1, 1)).toBeNull();
    sizes.forget(1);
    expect(sizes.leave(1, 1)).toBeNull();
    expect(sizes.current(2)).toMatchObject({ by: 2, cols: 50 });
  });
});

describe('the controller views the pane: its size is canonical', () => {
  it("a follower's attach, resize and keys never resize; the lease moving changes the size in one wave", () => {
    let controller: number | null = DESKTOP;
    const sizes = new CanonicalSize(() => controller);
    expect(sizes.use(1, DESKTOP, { cols: 130, rows: 40 })).toMatchObject({ by: DESKTOP, cols: 130 });
    expect(sizes.use(2, DESKTOP, { cols: 60, rows: 40 })).toMatchObject({ by: DESKTOP, cols: 60 });
    expect(sizes.use(1, PHONE, { cols: 47, rows: 50 })).toBeNull();
    expect(sizes.use(1, PHONE, { cols: 45, rows: 50 })).toBeNull();
    expect(sizes.use(1, PHONE)).toBeNull();
    expect(sizes.current(1)).toMatchObject({ by: DESKTOP, cols: 130 });
    // The controller saying its size again applies it again.
    expect(sizes.use(1, DESKTOP, { cols: 130, rows: 40 })).toMatchObject({ by: DESKTOP });
    // The phone takes the lease: the panes it views take its last size; pane 2 (desktop only) stays.
    controller = PHONE;
    expect(sizes.settleAll()).toEqual([{ key: 1, by: PHONE, cols: 45, rows: 50 }]);
    expect(sizes.settleAll()).toEqual([]);
    // Now the desktop is the follower: its keys change nothing.
    expect(sizes.use(1, DESKTOP)).toBeNull();
    // The phone leaves (the lease goes back to the desktop): the desktop's size without a key.
    controller = DESKTOP;
    expect(sizes.leave(1, PHONE)).toMatchObject({ by: DESKTOP, cols: 130, rows: 40 });
  });

  it('a controller that does not view the pane leaves it to the latest viewer', () => {
    const sizes = new CanonicalSize(() => 9);
    sizes.use(3, 1, { cols: 100, rows: 30 });
    expect(sizes.use(3, 2, { cols: 80, rows: 24 })).toMatchObject({ by: 2 });
    // The controller comes to the pane: its size at once; it goes: the latest other viewer's.
    expect(sizes.use(3, 9, { cols: 120, rows: 35 })).toMatchObject({ by: 9, cols: 120 });
    expect(sizes.use(3, 1)).toBeNull();
    expect(sizes.leave(3, 9)).toMatchObject({ by: 1, cols: 100 });
  });
});
