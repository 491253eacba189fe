import { describe, expect, it } from 'vitest';
import { takeWebglSlot, WEBGL_BUDGET, webglInUse } from './webglBudget';

describe('webgl budget', () => {
  it('hands out at most WEBGL_BUDGET slots and takes each back once', () => {
    const slots = Array.from({ length: WEBGL_BUDGET }, () => takeWebglSlot());
    expect(slots.every((s) => s !== null)).toBe(true);
    expect(webglInUse()).toBe(WEBGL_BUDGET);
    expect(takeWebglSlot()).toBeNull();
    slots[0]!.release();
    slots[0]!.release(); // a second release of the same slot frees nothing more
    expect(webglInUse()).toBe(WEBGL_BUDGET - 1);
    const again = takeWebglSlot();
    expect(again).not.toBeNull();
    expect(takeWebglSlot()).toBeNull();
    for (const s of [...slots.slice(1), again]) s!.release();
    expect(webglInUse()).toBe(0);
  });
});
