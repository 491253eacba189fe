import { describe, expect, it } from 'vitest';
import { freeBindingNear } from './freeBinding';

describe('freeBindingNear', () => {
  it('moves a browser-reserved chord to the same key under other modifiers, never bare', () => {
    expect(freeBindingNear('ctrl-w', [])).toBe('ctrl-alt-w');
    expect(freeBindingNear('ctrl-w', ['ctrl-alt-w'])).toBe('alt-w');
    expect(freeBindingNear('ctrl-a ctrl-t', [])).toBe('ctrl-a t');
    expect(freeBindingNear('ctrl-a ctrl-t', ['ctrl-a t', 'ctrl-a shift-t'])).toBe('ctrl-a alt-t');
  });

  it('moves the last chord of a sequence another action holds', () => {
    expect(freeBindingNear('ctrl-a x', ['ctrl-a x'])).toBe('ctrl-a shift-x');
    // A symbol is typed without shift: never suggested with it.
    expect(freeBindingNear('ctrl-a %', ['ctrl-a %'])).toBe('ctrl-a alt-%');
  });

  it('never suggests a sequence that begins a taken one or that one begins', () => {
    // `ctrl-alt-g` alone is held: nothing may start with it.
    expect(freeBindingNear('ctrl-g', ['ctrl-g', 'ctrl-alt-g'])).toBe('alt-g');
    expect(freeBindingNear('ctrl-g g', ['ctrl-g g', 'ctrl-g shift-g d'])).toBe('ctrl-g alt-g');
  });

  it('null for what is not a key sequence, or when every candidate is held', () => {
    expect(freeBindingNear('', [])).toBeNull();
    const all = ['ctrl-alt', 'alt', 'ctrl-alt-shift', 'alt-shift', 'ctrl-shift', 'ctrl'].map((m) => `${m}-q`);
    expect(freeBindingNear('ctrl-q', all)).toBeNull();
  });
});
