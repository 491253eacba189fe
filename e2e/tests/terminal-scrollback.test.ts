// The page's scrollback follows config.toml's `scrollback` per pane, as the server's mirror does,
// holding the newest 1,000 lines of it while output streams (historyWindow.ts): a pane started
// with no setting has 5,000 lines on the server and a window of 1,000 in the page; a pane started
// after `scrollback = 300` keeps 300 (its buffer stops growing there). Going above the window, by
// the mouse wheel, find or copy mode, brings the rest from the server with the viewport on the
// line the user was reading; a window of output later, at the bottom, the page trims again.
// Screenshots: e2e/screenshots/terminal-scrollback.png, terminal-history.png.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace, workspaceOf } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  browser = await openBrowser();
  const url = new URL(server.url);
  url.searchParams.set('probe', '1');
  await openWorkspace(browser.page, url.toString());
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

interface TermState {
  scrollback: number | null;
  lines: number;
  rows: number;
  viewportY: number;
  baseY: number;
  /** The text of the viewport's top row and of the buffer's first row. */
  top: string;
  first: string;
}

/** The page's terminal of a pane (by key): its scrollback option, buffer and viewport. */
const termOf = (key: number): Promise<TermState | null> =>
  browser.page.evaluate((k) => {
    interface Line {
      translateToString(trim: boolean): string;
    }
    const terms = (
      window as unknown as {
        __roziTerminals?: Map<
          number,
          {
            rows: number;
            options: { scrollback?: number };
            buffer: {
              active: {
                length: number;
                viewportY: number;
                baseY: number;
                getLine(y: number): Line | undefined;
              };
            };
          }
        >;
      }
    ).__roziTerminals;
    const t = terms?.get(k);
    if (!t) return null;
    const b = t.buffer.active;
    return {
      scrollback: t.options.scrollback ?? null,
      lines: b.length,
      rows: t.rows,
      viewportY: b.viewportY,
      baseY: b.baseY,
      top: b.getLine(b.viewportY)?.translateToString(true) ?? '',
      first: b.getLine(0)?.translateToString(true) ?? '',
    };
  }, key);

/**
 * Scrolls the pane's terminal to 20 lines below its top (a notch of the wheel moves ~3 lines, so
 * the whole way by wheel took half a minute), then turns the real mouse wheel up over it, a notch
 * at a time, until `done`: the last stretch, reaching the top, is the user's own gesture. One notch
 * per look, because a notch turned after the page has brought the server's history in scrolls on
 * up from the line the page anchored the view on (as it should for a user still turning it).
 */
async function wheelUp(key: number, what: string, done: () => Promise<boolean>): Promise<void> {
  await browser.page.evaluate((k) => {
    const terms = (
      window as unknown as { __roziTerminals: Map<number, { scrollToLine(line: number): void }> }
    ).__roziTerminals;
    terms.get(k)?.scrollToLine(20);
  }, key);
  for (let i = 0; i < 300; i++) {
    if (await done()) return;
    await browser.page.mouse.wheel(0, -300);
  }
  throw new Error(`the wheel did not reach ${what}`);
}

describe('page scrollback', () => {
  it("keeps each pane's configured scrollback, a window of 1,000 lines of the default 5,000", async () => {
    const { page } = browser;
    const first = (await workspaceOf(page)).panes[0]!;
    expect((await waitFor('the first terminal', () => termOf(first.key)))?.scrollback).toBe(1000);

    const dir = join(server.home, '.config', 'rozi');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.toml'), 'scrollback = 300\n');
    await server.cli(['split', '--target', '1']);
    const second = await waitFor('a second pane', async () =>
      (await workspaceOf(page)).panes.find((p) => p.key !== first.key),
    );
    await waitFor('its terminal keeps 300 lines', async () => (await termOf(second.key))?.scrollback === 300);

    await pane(page, second.id).locator('.xterm').click();
    await page.keyboard.type('seq 1 2000\n');
    await waitForText(page, { paneId: second.id, includes: '2000' });
    const after = await termOf(second.key);
    // 2,000 lines written, and the buffer holds the screen plus 300 lines of scrollback at most.
    expect(after?.lines).toBeGreaterThan(300);
    expect(after?.lines).toBeLessThanOrEqual(300 + (after?.rows ?? 0));
    await screenshot(page, 'terminal-scrollback');
    // Scrolling to its top fetches nothing: the server keeps no more than the page.
    await wheelUp(
      second.key,
      "the second pane's top",
      async () => (await termOf(second.key))?.viewportY === 0,
    );
    await page.waitForTimeout(300);
    expect((await termOf(second.key))?.scrollback).toBe(300);
    // The pane started before the change keeps its own.
    expect((await termOf(first.key))?.scrollback).toBe(1000);
    await server.cli(['kill-pane', '--target', String(second.id)]);
    await waitFor('one pane again', async () => (await workspaceOf(page)).panes.length === 1);
  });

  it('brings older history from the server above the window, and trims again after a window of output', async () => {
    const { page } = browser;
    const first = (await workspaceOf(page)).panes[0]!;
    const term = pane(page, first.id).locator('.xterm');
    await term.click();
    await page.keyboard.type('seq -f "line %g" 1 3000\n');
    // Read the window once the prompt after the output is drawn: a line that comes later moves it.
    await waitForText(page, { paneId: first.id, includes: /line 3000\s*\n\S*[$#]\s*$/ });
    const held = (await waitFor('the window is full', async () => {
      const s = await termOf(first.key);
      return s && s.baseY >= 1000 ? s : null;
    }))!;
    // The page holds the newest 1,000 lines of scrollback and the screen; line 1 is not among them.
    expect(held.scrollback).toBe(1000);
    expect(held.lines).toBe(1000 + held.rows);
    expect(held.first).toMatch(/^line \d+$/);
    const oldest = held.first;

    // The wheel to the top: the page asks the server and lands on the line it was showing.
    await term.hover();
    // Stop turning once the view is at the window's top: reaching it is what asks the server.
    await wheelUp(first.key, 'the top of the window', async () => {
      const s = await termOf(first.key);
      return s?.viewportY === 0 || s?.scrollback === 5000;
    });
    const loaded = (await waitFor('the older history', async () => {
      const s = await termOf(first.key);
      return s && s.scrollback === 5000 && s.lines > 3000 ? s : null;
    }))!;
    expect(loaded.top).toBe(oldest);
    expect(loaded.first).toContain('seq -f "line %g" 1 3000');
    await screenshot(page, 'terminal-history');
    // Scrolling on reaches the command itself.
    await wheelUp(first.key, 'the first line', async () => (await termOf(first.key))?.viewportY === 0);
    expect((await termOf(first.key))?.top).toContain('seq -f "line %g" 1 3000');

    // Back at the bottom, a window of output later the page holds 1,000 lines again.
    await page.keyboard.type('seq -f "more %g" 1 1500\n');
    await waitForText(page, { paneId: first.id, includes: 'more 1500' });
    await waitFor('trimmed to the window', async () => (await termOf(first.key))?.scrollback === 1000);
    expect((await termOf(first.key))?.lines).toBe(1000 + held.rows);

    // Find covers the whole history: "line 1700" scrolled out of the page, the server has it.
    const before = await termOf(first.key);
    expect(before?.first).toMatch(/^(line|more) \d+$/);
    expect(Number(before?.first.split(' ')[1]) > 1700 || before?.first.startsWith('more')).toBe(true);
    await page.keyboard.press('Control+Shift+F');
    const find = page.getByLabel('Find in terminal');
    await find.waitFor();
    await find.fill('line 1700');
    await waitFor('a match above the window', async () =>
      /1 of 1|of 1$/.test((await page.locator('[role="search"] [aria-live]').innerText()).trim()),
    );
    await waitForText(page, { paneId: first.id, includes: 'line 1700' });
    await find.press('Escape');
  });

  it('after a flood the mirror skipped through, the history the page fetches is whole', async () => {
    const { page } = browser;
    const first = (await workspaceOf(page)).panes[0]!;
    await pane(page, first.id).locator('.xterm').click();
    // ~7.8 MB of 194-byte lines (25 colour changes each), far faster than the mirror parses: it
    // skips ahead (session/mirror.ts) and keeps its last MiB whole, which holds 5,000 of them.
    await page.keyboard.type(
      `clear; awk 'BEGIN{for(i=1;i<=40000;i++){printf "flood %09d", i; for(j=0;j<25;j++) printf "\\033[3%dmab", j%8; printf "\\033[0m\\n"}}'\n`,
    );
    await waitForText(page, { paneId: first.id, includes: 'flood 000040000' });
    await page.evaluate((k) => {
      const terms = (window as unknown as { __roziTerminals: Map<number, { scrollToTop(): void }> })
        .__roziTerminals;
      terms.get(k)?.scrollToTop();
    }, first.key);
    await waitFor('the older history', async () => ((await termOf(first.key))?.lines ?? 0) > 5000);
    const numbers = await page.evaluate((k) => {
      const t = (
        window as unknown as {
          __roziTerminals: Map<
            number,
            {
              buffer: {
                active: {
                  length: number;
                  getLine(y: number): { translateToString(trim: boolean): string } | undefined;
                };
              };
            }
          >;
        }
      ).__roziTerminals.get(k)!;
      const out: number[] = [];
      const b = t.buffer.active;
      for (let y = 0; y < b.length; y++) {
        const m = /^flood (\d{9})(ab){25}$/.exec(b.getLine(y)?.translateToString(true) ?? '');
        if (m) out.push(Number(m[1]));
      }
      return out;
    }, first.key);
    // 5,000 lines of scrollback and the screen, every one in order with none missing.
    expect(numbers.length).toBeGreaterThanOrEqual(5000);
    expect(numbers.at(-1)).toBe(40000);
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBe(numbers[i - 1]! + 1);
  });
});
