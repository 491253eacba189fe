// [sounds] bell / throttle_ms in a real browser: a BEL in a pane out of sight plays the bell cue,
// at most once per throttle_ms; BELs inside the window are heard by the page but stay silent, and
// the first BEL after the window plays again. The page's audio is counted by a stub on
// OscillatorNode.start (the bell cue is its one 1046 Hz note); the bells the page received are
// counted on its WebSocket, so "silent" means received and throttled, not lost.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, waitFor } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

const THROTTLE_MS = 3000;
let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  const dir = join(server.home, '.config', 'rozi');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'config.toml'),
    `[sounds]\nenabled = true\nbell = true\nthrottle_ms = ${THROTTLE_MS}\n`,
  );
  browser = await openBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** Records every bell cue played and every bell event received, with the page's clock. */
function countAudio(): void {
  const w = window as unknown as { __plays: number[]; __bells: number[]; __otherBells: string[] };
  w.__plays = [];
  w.__bells = [];
  w.__otherBells = [];
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
    if (this.frequency.value === 1046) w.__plays.push(performance.now());
    return start.apply(this, args);
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (e: MessageEvent) => {
        // Pane 1's bells only: a shell starting in the new tab may ring on its own (readline
        // beeps at a terminal reply that arrives after it started), and that bell is not the test's.
        if (typeof e.data !== 'string' || !e.data.includes('"type":"bell"')) return;
        if (/"paneId":1[,}]/.test(e.data)) w.__bells.push(performance.now());
        else w.__otherBells.push(e.data);
      });
    }
  };
}

const audio = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __plays: number[]; __bells: number[] };
    return { plays: [...w.__plays], bells: [...w.__bells], now: performance.now() };
  });

describe('[sounds] bell and throttle_ms', () => {
  it('plays the bell cue for a background pane once per throttle window', async () => {
    const { page } = browser;
    await page.addInitScript(countAudio);
    const behaviour = page.waitForResponse((r) => r.url().includes('config.behaviour'), { timeout: 120_000 });
    await openWorkspace(page, server.url);
    await behaviour;
    // A second tab puts pane 1 out of sight: its bells are not attended.
    await page.getByRole('button', { name: 'New tab' }).click();
    await pane(page, 2).waitFor({ timeout: 60_000 });

    // Three BELs 0.2 s apart: one cue.
    await server.cli([
      'send-text',
      '--target',
      '1',
      '--enter',
      "printf '\\a'; sleep 0.2; printf '\\a'; sleep 0.2; printf '\\a'",
    ]);
    const first = await waitFor(
      'three bells received',
      async () => {
        const a = await audio(page);
        return a.bells.length >= 3 ? a : null;
      },
      120_000,
    );
    expect(first.bells).toHaveLength(3);
    expect(first.bells[2]! - first.bells[0]!).toBeLessThan(THROTTLE_MS);
    expect(first.plays).toHaveLength(1);

    // Past the window, two BELs at once: one more cue.
    const t1 = first.plays[0]!;
    await waitFor(
      'the throttle window has passed',
      async () => (await audio(page)).now > t1 + THROTTLE_MS + 100,
      60_000,
    );
    await server.cli(['send-text', '--target', '1', '--enter', "printf '\\a\\a'"]);
    const second = await waitFor(
      'five bells received',
      async () => {
        const a = await audio(page);
        return a.bells.length >= 5 ? a : null;
      },
      120_000,
    );
    expect(second.bells).toHaveLength(5);
    expect(second.plays).toHaveLength(2);
    expect(second.plays[1]! - second.plays[0]!).toBeGreaterThanOrEqual(THROTTLE_MS);
  }, 360_000);
});
