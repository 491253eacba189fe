// Key echo as a person feels it, measured inside the page (peerbench's span): shared by
// bench/web-terminal.mjs (rozi against wetty) and bench/web-panes.mjs (rozi with many panes).

/**
 * Installed once per page: times a real key press the way a person feels it (peerbench's span).
 * start = the page's `keydown` (capture listener), parsed = the first xterm write parse after which
 * the cursor line shows the expected text, painted = the first xterm `onRender` after that which
 * drew the cursor's row. Everything between the key and the pixels counts: the page's key
 * handling, the socket, the server, the PTY, output batching, parsing and render scheduling.
 */
export const ECHO_PROBE = `(pick) => {
  if (window.__echoProbe) return;
  const t = (pick)();
  const b = t.buffer.active;
  const line = () => { const l = b.getLine(b.baseY + b.cursorY); return l ? l.translateToString(true) : ''; };
  const p = (window.__echoProbe = { s: null });
  window.addEventListener('keydown', () => { if (p.s && p.s.key === null) p.s.key = performance.now(); }, true);
  t.onWriteParsed(() => { const s = p.s; if (s && s.key !== null && s.parsed === null && line().endsWith(s.expect)) s.parsed = performance.now(); });
  t.onRender(({ start, end }) => {
    const s = p.s;
    if (!s || s.parsed === null) return;
    const row = b.baseY + b.cursorY - b.viewportY;
    if (row < start || row > end) return;
    p.s = null;
    s.done([s.parsed - s.key, performance.now() - s.key]);
  });
  p.arm = (expect) => { p.pending = new Promise((done) => {
    p.s = { key: null, parsed: null, expect, done };
    setTimeout(() => { if (p.s && p.s.done === done) { p.s = null; done([NaN, NaN]); } }, 5000);
  }); };
}`;

/**
 * Pause after one key's echo is painted before the next key: a fast typist's pace (100 words a
 * minute is ~120 ms a key). It must outlast Chromium's frame subscription after a drawn frame: the
 * compositor keeps taking BeginFrames for about two vsync ticks after it draws, and output that
 * needs a frame inside that window waits for the next tick (0–16.7 ms) instead of getting one at
 * once. With 15 ms between samples each key landed in the previous echo's window or not by chance
 * (bench/echo-split.mjs: rozi 20–35 of 60 echoes framed at once, wetty 37–44), so the p50 flipped
 * between ~5 and ~14 ms, and the sooner a terminal echoed, the likelier it fell inside the window.
 * peerbench pauses 20 ms; `--key-gap 15` in web-terminal.mjs repeats the old pace.
 */
export const KEY_GAP_MS = 100;

/** `samples` keys typed at an idle prompt, `gapMs` apart (KEY_GAP_MS when not given). */
export async function echoSamples(page, pick, { samples, gapMs = KEY_GAP_MS }) {
  await page.evaluate(`(${ECHO_PROBE})(${pick})`);
  const parsed = [];
  const painted = [];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const clearLine = async () => {
    await page.keyboard.press('Control+U');
    await page.keyboard.type('#E');
    await page.waitForTimeout(100);
  };
  await page.evaluate(`(${pick})().focus()`);
  await clearLine();
  let typed = '#E';
  for (let i = 0; i < samples; i++) {
    if (i > 0 && i % 40 === 0) {
      await clearLine();
      typed = '#E';
    }
    typed += letters[i % 26];
    await page.evaluate(`window.__echoProbe.arm(${JSON.stringify(typed)})`);
    await page.keyboard.type(letters[i % 26]);
    const [a, b] = await page.evaluate('window.__echoProbe.pending');
    parsed.push(a);
    painted.push(b);
    await page.waitForTimeout(gapMs);
  }
  await page.keyboard.press('Control+U');
  return { parsed: stats(parsed), painted: stats(painted) };
}

export function stats(values) {
  // A key whose echo never came within 5 s counts as 5 s, so losses show in p99.
  const s = values.map((v) => (Number.isNaN(v) ? 5000 : v)).sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: q(0.5), p99: q(0.99) };
}
