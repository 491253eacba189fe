import { afterEach, describe, expect, it } from 'vitest';
import { paneWriter } from './paneWriter';
import { echoDrawn, holdForEcho, TYPING_HOLD_MS, typingHeld, watchEcho } from './typingHold';

function fakeTerm() {
  const writes: number[] = [];
  return {
    writes,
    write(bytes: Uint8Array | string, cb?: () => void) {
      writes.push(typeof bytes === 'string' ? bytes.length : bytes.byteLength);
      setTimeout(() => cb?.(), 0);
    },
  };
}

/** A terminal's event surface, fired by hand. */
function fakeEvents() {
  const on = {
    data: [] as Array<() => void>,
    parsed: [] as Array<() => void>,
    render: [] as Array<() => void>,
  };
  const sub = (list: Array<() => void>) => (fn: () => void) => {
    list.push(fn);
    return {
      dispose: () => {
        list.splice(list.indexOf(fn), 1);
      },
    };
  };
  return {
    term: { onData: sub(on.data), onWriteParsed: sub(on.parsed), onRender: sub(on.render) },
    key: () => on.data.forEach((f) => f()),
    parsed: () => on.parsed.forEach((f) => f()),
    render: () => on.render.forEach((f) => f()),
  };
}

async function waitFor(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 5));
  }
}

afterEach(() => echoDrawn());

describe('typing hold', () => {
  it('holds a background pane after a key until the echo is drawn, then writes what waited', async () => {
    const term = fakeTerm();
    let acked = 0;
    const w = paneWriter(term, { foreground: () => false });
    holdForEcho();
    w.write(new Uint8Array(300), () => acked++);
    w.write(new Uint8Array(200), () => acked++);
    await new Promise((r) => setTimeout(r, 20));
    expect(term.writes).toEqual([]);
    echoDrawn();
    await waitFor(() => acked === 2);
    expect(term.writes.reduce((a, b) => a + b, 0)).toBe(500);
  });

  it('lets a focused pane write straight through while held', () => {
    const term = fakeTerm();
    holdForEcho();
    paneWriter(term, { foreground: () => true }).write(new Uint8Array(10), () => undefined);
    expect(term.writes).toEqual([10]);
  });

  it('ends the hold after TYPING_HOLD_MS when no echo comes', async () => {
    const term = fakeTerm();
    const w = paneWriter(term, { foreground: () => false });
    const start = performance.now();
    holdForEcho(start);
    w.write(new Uint8Array(10), () => undefined);
    await waitFor(() => term.writes.length === 1);
    expect(performance.now() - start).toBeGreaterThanOrEqual(TYPING_HOLD_MS - 2);
    expect(typingHeld()).toBe(false);
  });

  it('holds on keys of the focused terminal only, and releases on its first render after output parsed', () => {
    const ev = fakeEvents();
    let focused = false;
    const sub = watchEcho(ev.term, () => focused);
    ev.key();
    expect(typingHeld()).toBe(false);
    focused = true;
    ev.key();
    expect(typingHeld()).toBe(true);
    ev.render(); // a redraw with nothing parsed since the key (a cursor blink) is not the echo
    expect(typingHeld()).toBe(true);
    ev.parsed();
    ev.render();
    expect(typingHeld()).toBe(false);
    sub.dispose();
    ev.key();
    expect(typingHeld()).toBe(false);
  });
});
