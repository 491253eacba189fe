// 24 live panes in one tab (issue 16.2): every pane draws its output, before and after the page is
// resized, and WebGL (forced with ?renderer=webgl) goes to at most WEBGL_BUDGET visible terminals
// while the others draw with the DOM renderer, so Chromium never evicts a context. Then 64 panes
// across 6 tabs: output written while a tab is hidden is drawn when it is shown, and WebGL goes
// only to the shown tab's terminals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor } from '../lib/terminalText';
import { workspaceOf } from '../lib/workspaceProbe';
import { WEBGL_BUDGET } from '../../apps/web/src/terminal/webglBudget';

let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  browser = await openBrowser({ viewport: { width: 1400, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** tRPC from inside the page (its cookie authenticates). */
function call<T>(path: string, input: unknown): Promise<T> {
  return browser.page.evaluate(
    async ([p, i]) => {
      const r = await fetch(`/trpc/${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(i),
      });
      const body = (await r.json()) as { result?: { data: unknown }; error?: unknown };
      if (!body.result) throw new Error(`${p}: ${JSON.stringify(body.error)}`);
      return body.result.data;
    },
    [path, input] as const,
  ) as Promise<T>;
}

/** Pane ids whose drawn rows (not the buffer) lack `marker(id)`. */
async function missing(ids: number[], marker: (id: number) => string): Promise<number[]> {
  const drawn = await browser.page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('section[data-pane-id]')].map((s) => [
        (s as HTMLElement).dataset.paneId,
        (s.querySelector('.xterm-rows') as HTMLElement | null)?.innerText ?? null,
      ]),
    ),
  );
  const screens = await browser.page.evaluate(() => {
    const terms = (
      window as unknown as {
        __roziTerminals: Map<
          number,
          {
            rows: number;
            buffer: {
              active: {
                viewportY: number;
                getLine(y: number): { translateToString(t: boolean): string } | undefined;
              };
            };
          }
        >;
      }
    ).__roziTerminals;
    return [...terms.entries()].map(([key, t]) => {
      const b = t.buffer.active;
      const lines: string[] = [];
      for (let y = 0; y < t.rows; y++) lines.push(b.getLine(b.viewportY + y)?.translateToString(true) ?? '');
      return [key, lines.join('\n')] as const;
    });
  });
  const byKey = new Map(screens);
  const { panes } = await workspaceOf(browser.page);
  return ids.filter((id) => {
    const key = panes.find((p) => p.id === id)?.key;
    // The DOM renderer's rows are what is drawn; WebGL draws into a canvas, so for those panes
    // the terminal's viewport (what the renderer was handed) is read instead.
    const dom = drawn[String(id)];
    const text = typeof dom === 'string' ? dom : key === undefined ? '' : (byKey.get(key) ?? '');
    return !text.includes(marker(id));
  });
}

describe('many live panes', () => {
  it('draws output in all 24 panes of one tab, before and after a resize, within the WebGL budget', async () => {
    const { page } = browser;
    const url = new URL(server.url);
    url.searchParams.set('probe', '1');
    url.searchParams.set('renderer', 'webgl');
    await page.goto(url.toString());
    await page.locator('section[data-pane-id="1"] .xterm').waitFor({ timeout: 30_000 });

    // 3 columns × 8 rows: same-direction splits are flat, and equalize gives equal shares.
    const command = 'echo pane-$ROZI_PANE-ready; exec cat';
    const split = async (target: number, direction: 'row' | 'column') =>
      (await call<{ pane: { id: number } }>('panes.split', { target, direction, focus: false, command })).pane
        .id;
    const columns = [1, await split(1, 'row'), 0];
    columns[2] = await split(columns[1]!, 'row');
    const ids = [...columns];
    for (const top of columns) for (let i = 0; i < 7; i++) ids.push(await split(top, 'column'));
    expect(ids).toHaveLength(24);
    await call('panes.equalize', { tab: 1 });
    await call('panes.sendText', { target: 1, text: 'echo pane-$ROZI_PANE-ready\r' });

    await waitFor(
      'every pane drawn',
      async () => (await missing(ids, (id) => `pane-${id}-ready`)).length === 0,
      60_000,
    );
    const renderers = await page.evaluate(() => ({
      webgl: document.querySelectorAll('[data-renderer="webgl"]').length,
      available: !!document.createElement('canvas').getContext('webgl2'),
    }));
    expect(renderers.webgl).toBe(renderers.available ? WEBGL_BUDGET : 0);
    await screenshot(page, 'many-panes-24');

    await page.setViewportSize({ width: 1100, height: 760 });
    for (const id of ids) await call('panes.sendText', { target: id, text: `resized-${id}\r` });
    await waitFor(
      'every pane drawn after the resize',
      async () => (await missing(ids, (id) => `resized-${id}`)).length === 0,
      60_000,
    );
    await screenshot(page, 'many-panes-24-resized');
  });

  it('keeps 64 panes across 6 tabs live, with WebGL only for the shown tab', async () => {
    const { page } = browser;
    const command = 'echo pane-$ROZI_PANE-ready; exec cat';
    const tab1 = (await workspaceOf(page)).panes.filter((p) => p.tab === 1).map((p) => p.id);
    expect(tab1).toHaveLength(24); // the 24 of the test above
    // 5 more tabs of 8 (a column of 4 beside another), none of them shown.
    const tabs: Array<{ tab: number; ids: number[] }> = [];
    for (let t = 0; t < 5; t++) {
      const created = await call<{ tab: number; pane: { id: number } }>('tabs.create', {
        select: false,
        command,
      });
      const split = async (target: number, direction: 'row' | 'column') =>
        (await call<{ pane: { id: number } }>('panes.split', { target, direction, focus: false, command }))
          .pane.id;
      const second = await split(created.pane.id, 'row');
      const ids = [created.pane.id, second];
      for (const top of [created.pane.id, second])
        for (let i = 0; i < 3; i++) ids.push(await split(top, 'column'));
      await call('panes.equalize', { tab: created.tab });
      tabs.push({ tab: created.tab, ids });
    }
    const all = (await workspaceOf(page)).panes;
    expect(all).toHaveLength(64);
    expect(all.filter((p) => p.exited)).toEqual([]);

    // Written while their tabs are hidden: the page has no terminal for them, the server keeps it.
    for (const { ids } of tabs)
      for (const id of ids) await call('panes.sendText', { target: id, text: `hidden-${id}\r` });
    const webgl = () =>
      page.evaluate(() => ({
        webgl: document.querySelectorAll('[data-renderer="webgl"]').length,
        terminals: (window as unknown as { __roziTerminals: Map<number, unknown> }).__roziTerminals.size,
        available: !!document.createElement('canvas').getContext('webgl2'),
      }));
    for (const { tab, ids } of tabs) {
      await call('tabs.select', { tab });
      await waitFor(
        `tab ${tab}: every pane drawn with what it printed while hidden`,
        async () => (await missing(ids, (id) => `hidden-${id}`)).length === 0,
        60_000,
      );
      // Live while shown, too.
      for (const id of ids) await call('panes.sendText', { target: id, text: `shown-${id}\r` });
      await waitFor(
        `tab ${tab}: every pane drawn with new output`,
        async () => (await missing(ids, (id) => `shown-${id}`)).length === 0,
        60_000,
      );
      const r = await webgl();
      expect(r.terminals).toBe(8); // only the shown tab's terminals are mounted
      expect(r.webgl).toBe(r.available ? 8 : 0);
    }
    await screenshot(page, 'many-panes-64-tab6');

    // Back to the 24-pane tab: what its panes printed meanwhile is drawn.
    for (const id of tab1) await call('panes.sendText', { target: id, text: `back-${id}\r` });
    await call('tabs.select', { tab: 1 });
    await waitFor(
      'tab 1: all 24 panes drawn with what they printed while hidden',
      async () => (await missing(tab1, (id) => `back-${id}`)).length === 0,
      60_000,
    );
    const r = await webgl();
    expect(r.terminals).toBe(24);
    expect(r.webgl).toBe(r.available ? WEBGL_BUDGET : 0);
    expect((await workspaceOf(page)).panes.filter((p) => p.exited)).toEqual([]);
    await screenshot(page, 'many-panes-64-back');
  }, 360_000);
});
