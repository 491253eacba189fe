import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Terminal } from '@xterm/xterm';
import { CURSOR_OFF_CLASS, startCursorBlink } from './cursorBlink';

/** A host element's class list and a terminal whose focus and events are set by hand. */
function fixture() {
  const classes = new Set<string>();
  const host = {
    classList: {
      remove: (c: string) => classes.delete(c),
      toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c), on),
    },
  } as unknown as HTMLElement;
  let focused = true;
  const listeners = { data: [] as Array<() => void>, parsed: [] as Array<() => void> };
  const sub = (list: Array<() => void>) => (fn: () => void) => {
    list.push(fn);
    return { dispose: () => void list.splice(list.indexOf(fn), 1) };
  };
  const term = {
    element: { classList: { contains: (c: string) => c === 'focus' && focused } },
    onData: sub(listeners.data),
    onWriteParsed: sub(listeners.parsed),
  } as unknown as Terminal;
  return {
    host,
    term,
    off: () => classes.has(CURSOR_OFF_CLASS),
    key: () => listeners.data.forEach((f) => f()),
    output: () => listeners.parsed.forEach((f) => f()),
    blur: () => (focused = false),
    listeners,
  };
}

describe('startCursorBlink', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('blinks a focused idle cursor every 600 ms', () => {
    const f = fixture();
    startCursorBlink(f);
    vi.advanceTimersByTime(600);
    expect(f.off()).toBe(true);
    vi.advanceTimersByTime(600);
    expect(f.off()).toBe(false);
    vi.advanceTimersByTime(600);
    expect(f.off()).toBe(true);
  });

  it('shows the cursor at once on a key or output and keeps it solid while they come', () => {
    const f = fixture();
    startCursorBlink(f);
    vi.advanceTimersByTime(600);
    expect(f.off()).toBe(true);
    f.key();
    expect(f.off()).toBe(false);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(300);
      if (i % 2 === 0) f.output();
      else f.key();
      expect(f.off()).toBe(false);
    }
    // Quiet again: the blink resumes once a whole period passed without activity (the last key
    // came on a tick, so the next tick is that period).
    vi.advanceTimersByTime(300);
    expect(f.off()).toBe(false);
    vi.advanceTimersByTime(300);
    expect(f.off()).toBe(true);
  });

  it('keeps an unfocused cursor solid, and dispose shows it and stops listening', () => {
    const f = fixture();
    const blink = startCursorBlink(f);
    vi.advanceTimersByTime(600);
    expect(f.off()).toBe(true);
    f.blur();
    vi.advanceTimersByTime(600);
    expect(f.off()).toBe(false);
    vi.advanceTimersByTime(3000);
    expect(f.off()).toBe(false);
    blink.dispose();
    expect(f.listeners.data.length + f.listeners.parsed.length).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
