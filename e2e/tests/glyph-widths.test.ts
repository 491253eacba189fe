// Printable ASCII's glyph widths are measured while the page is idle (glyphWidths.ts), so the
// frame that echoes a key does not stop for a forced layout to measure the letter. It reaches
// into xterm's private DOM renderer: this test fails when an xterm upgrade moves those fields,
// and checks that every width it stored is the one xterm measures for itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor } from '../lib/terminalText';

let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  browser = await openBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('glyph widths', () => {
  it('are measured for printable ASCII before the first key, equal to what xterm measures', async () => {
    const { page } = browser;
    const url = new URL(server.url);
    url.searchParams.set('probe', '1');
    await page.goto(url.toString());
    await page.locator('[data-glyph-widths="ascii"]').first().waitFor({ timeout: 30_000 });
    // Spans the renderer adds to measure a glyph: none may appear while typing letters.
    await page.evaluate(() => {
      const w = window as unknown as { __measured: number };
      w.__measured = 0;
      const container = document.querySelector('.xterm-width-cache-measure-container')!;
      new MutationObserver((records) => {
        w.__measured += records.filter((r) => r.type === 'childList').length;
      }).observe(container, { childList: true, subtree: true });
    });
    await page.locator('.xterm').first().click();
    await page.keyboard.type('echo Quartz-jumps~{vex}');
    await waitFor('the echo', async () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.xterm-rows > div')].some((r) =>
          r.textContent?.includes('Quartz-jumps~{vex}'),
        ),
      ),
    );
    expect(await page.evaluate(() => (window as unknown as { __measured: number }).__measured)).toBe(0);

    const report = await page.evaluate(() => {
      type Cache = { _flat: Float32Array; _measure(ch: string, style: number): number };
      const term = [
        ...(window as unknown as { __roziTerminals: Map<number, object> }).__roziTerminals.values(),
      ][0] as {
        _core: { _renderService: { _renderer: { value: { _widthCache: Cache } } } };
      };
      const cache = term._core._renderService._renderer.value._widthCache;
      const wrong: string[] = [];
      for (let code = 0x20; code <= 0x7e; code++) {
        const ch = String.fromCharCode(code);
        const stored = cache._flat[code]!;
        const own = cache._measure(ch, 0);
        if (!(stored > 0) || Math.abs(stored - own) > 1e-4)
          wrong.push(`${JSON.stringify(ch)} ${stored} vs ${own}`);
      }
      return wrong;
    });
    expect(report).toEqual([]);
  });
});
