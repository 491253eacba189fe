// Shell integration and synchronized output in Chromium against a real server and real bash:
// a command's output captured with --last-output, a gutter mark per command with its exit status,
// copy-last-output from the palette landing in the clipboard (also after a reload; a shell
// without marks says why in one calm line), prompt jumps from the keyboard, and
// DEC 2026 holding a repaint until the program ends the update.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  browser = await openBrowser();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(server.url).origin,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const marks = (exit: string) => pane(browser.page, 1).locator(`.rozi-cmd-mark[data-exit="${exit}"]`);
/** The rows the renderer drew (not the buffer): what a person sees. */
const drawn = () => pane(browser.page, 1).locator('.xterm-rows').innerText();
const viewportTop = () =>
  browser.page.evaluate(() => {
    const terms = (
      window as unknown as { __roziTerminals: Map<number, { buffer: { active: { viewportY: number } } }> }
    ).__roziTerminals;
    return [...terms.values()][0]!.buffer.active.viewportY;
  });

describe('shell integration in the browser', () => {
  it('marks each command in the gutter with its exit status and captures its output', async () => {
    const { page } = browser;
    const url = new URL(server.url);
    url.searchParams.set('probe', '1');
    await openWorkspace(page, url.toString());
    await pane(page, 1).locator('.xterm').click();
    await page.keyboard.type("printf 'alpha\\nbeta\\n'; false\n");
    await waitForText(page, { paneId: 1, includes: 'beta' });
    await waitFor('a red mark for exit 1', async () => (await marks('1').count()) === 1);
    await page.keyboard.type('true\n');
    await waitFor('a green mark for exit 0', async () => (await marks('0').count()) === 1);
    await page.keyboard.type("printf 'alpha\\nbeta\\n'; false\n");
    await waitFor('two red marks', async () => (await marks('1').count()) === 2);
    expect(await marks('1').first().getAttribute('title')).toBe('exit 1');
    await screenshot(page, 'shell-integration-marks');
    expect(await server.cli(['capture-pane', '--target', '1', '--last-output', '--format', 'text'])).toBe(
      'alpha\nbeta\n',
    );
  });

  it('copies the last output from the palette into the clipboard', async () => {
    const { page } = browser;
    await page.keyboard.press('Control+Shift+P');
    await page.keyboard.type('Copy last command output');
    await page.keyboard.press('Enter');
    await waitFor('the clipboard', async () =>
      (await page.evaluate(() => navigator.clipboard.readText())) === 'alpha\nbeta' ? true : null,
    );
  });

  it('jumps between prompts from the keyboard', async () => {
    const { page } = browser;
    await pane(page, 1).locator('.xterm').click();
    await page.keyboard.type('seq 1 300\n');
    await waitForText(page, { paneId: 1, includes: '300' });
    const bottom = await waitFor('scrolled output', async () =>
      (await viewportTop()) > 0 ? viewportTop() : null,
    );
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Shift+BracketLeft'); // prefix {
    await waitFor('a jump up', async () => (await viewportTop()) < bottom);
    const up = await viewportTop();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Shift+BracketRight'); // prefix }
    await waitFor('a jump down', async () => (await viewportTop()) > up);
  });

  it('holds a synchronized update (DEC 2026) until the program ends it', async () => {
    const { page } = browser;
    // The probe (window.__roziTerminals) is read from this page's own address.
    await openWorkspace(page, new URL('/?probe=1', page.url()).toString());
    await pane(page, 1).locator('.xterm').click();
    // While mode 2026 is set the renderer draws nothing new, though the text is in the buffer.
    // xterm.js draws anyway after 1 s, so the page watches every few milliseconds from before the
    // command starts. On a loaded machine one update was drawn ~15 ms after it reached the buffer
    // (cause not found), so up to three updates are tried, each with its own text; a terminal
    // that never holds fails all three.
    const holds = (token: string) =>
      page.evaluate(
        (t) =>
          new Promise<boolean>((resolve) => {
            const terms = (
              window as unknown as {
                __roziTerminals: Map<
                  number,
                  {
                    buffer: {
                      active: {
                        getLine(y: number): { translateToString(t: boolean): string } | undefined;
                        length: number;
                      };
                    };
                  }
                >;
              }
            ).__roziTerminals;
            // Whichever terminal holds it: the page may keep more than one (the probe map is not by pane).
            const buffered = () => {
              for (const term of terms.values()) {
                const b = term.buffer.active;
                for (let y = Math.max(0, b.length - 200); y < b.length; y++)
                  if (b.getLine(y)?.translateToString(true).includes(t)) return true;
              }
              return false;
            };
            const shown = () =>
              (document.querySelector('section[data-pane-id="1"] .xterm-rows')?.textContent ?? '').includes(
                t,
              );
            // Held: in the buffer and not drawn for 100 ms or more (a terminal without mode 2026
            // draws on its next frame, 16 ms later).
            let heldSince = -1;
            let heldFor = 0;
            const end = Date.now() + 20_000;
            const tick = () => {
              const drawnNow = shown();
              if (!drawnNow && buffered()) {
                if (heldSince < 0) heldSince = performance.now();
                heldFor = performance.now() - heldSince;
              }
              if (drawnNow || Date.now() > end) resolve(heldFor >= 100);
              else setTimeout(tick, 4);
            };
            tick();
          }),
        token,
      );
    let heldSeen = false;
    for (let attempt = 1; attempt <= 3 && !heldSeen; attempt++) {
      const token = `SYNC-HELD-${attempt}`;
      const watch = holds(token);
      await page.keyboard.type(
        `clear; printf '\\033[?2026hSYNC-%s' HELD-${attempt}; sleep 1.5; printf '\\033[?2026l'; echo\n`,
      );
      heldSeen = await watch;
      // Drawn once 2026 is reset (or by xterm's own 1 s safety timeout).
      await waitFor('the update drawn', async () => (await drawn()).includes(token));
    }
    expect(heldSeen).toBe(true);
  });
  it('copies the last output after a reload and says why when a shell has no marks', async () => {
    const { page } = browser;
    await pane(page, 1).locator('.xterm').click();
    await page.keyboard.type("clear; printf 'gamma\\ndelta\\n'\n");
    await waitForText(page, { paneId: 1, includes: 'delta' });
    // A reloaded page gets the earlier commands' marks from the server's snapshot (the bars and
    // jumps: shell-marks-reload.test.ts); `clear` took the red ones away with the scrollback.
    await openWorkspace(page, new URL('/?probe=1', page.url()).toString());
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    expect(await marks('1').count()).toBe(0);
    const copyLastOutput = async (id: number) => {
      await pane(page, id).locator('.xterm').click();
      await page.keyboard.press('Control+Shift+P');
      await page.keyboard.type('Copy last command output');
      await page.keyboard.press('Enter');
    };
    await copyLastOutput(1);
    await waitFor('the clipboard after a reload', async () =>
      (await page.evaluate(() => navigator.clipboard.readText())) === 'gamma\ndelta' ? true : null,
    );
    // A bash without the integration: one calm line saying why, no error, the shell still works.
    const plain = await page.evaluate(async () => {
      const r = await fetch('/trpc/panes.split', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ target: 1, argv: ['bash', '--norc', '-i'], focus: true }),
      });
      return ((await r.json()) as { result: { data: { pane: { id: number } } } }).result.data.pane.id;
    });
    await pane(page, plain).locator('.xterm').waitFor();
    await pane(page, plain).locator('.xterm').click();
    await page.keyboard.type('echo plain-$((6*7))\n');
    await waitForText(page, { paneId: plain, includes: 'plain-42' });
    await copyLastOutput(plain);
    await page
      .getByRole('status')
      .filter({ hasText: /no command marks.*shell integration/ })
      .waitFor();
    expect(await page.locator('.rozi-toast-in[role="alert"]').count()).toBe(0);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('gamma\ndelta');
    await screenshot(page, 'shell-integration-no-marks');
    await page.evaluate(
      (id) =>
        fetch('/trpc/panes.kill', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ target: id }),
        }),
      plain,
    );
    await waitFor('the plain pane closed', async () => (await pane(page, plain).count()) === 0);
  });
});

describe('bad shell integration input in the browser', () => {
  it('survives truncated, nested and 1 MB OSC 133 / OSC 7 without a word on screen, and marks again after', async () => {
    const { page } = browser;
    await openWorkspace(page, new URL('/?probe=1', server.url).toString());
    await pane(page, 1).locator('.xterm').click();
    for (const [i, bad] of [
      `head -c 1048576 /dev/zero | tr '\\0' D | sed 's/^/\\x1b]133;/; s/$/\\x07/'; echo ok-$((100+1))`,
      `head -c 1048576 /dev/zero | tr '\\0' a | sed 's/^/\\x1b]7;file:\\/\\/\\//; s/$/\\x07/'; echo ok-$((100+2))`,
      `printf '\\033]133;\\033]133;D;1\\007\\007'; echo ok-$((100+3))`,
      `printf '\\033]7;file://localhost/no/such/dir\\007'; echo ok-$((100+4))`,
      `printf '\\033]133;D;99999999999\\007'; echo ok-$((100+5))`,
      // Truncated: the OSC stays open until the next prompt's own escape ends it (as in any
      // terminal it swallows what follows on the same line, so nothing is echoed after it).
      `printf '\\033]7;file:///tm'`,
      `echo ok-$((100+7))`,
      `printf '\\033]133;'`,
      `echo ok-$((100+9))`,
    ].entries()) {
      await page.keyboard.type(`${bad}\n`);
      // The output's own text, not the echoed command line (which shows the $((…)) unexpanded).
      if (bad.includes('ok-')) await waitForText(page, { paneId: 1, includes: `ok-${101 + i}` });
    }
    // The screen cleared, the next command gets its own green mark: the page's marks still work.
    await page.keyboard.type('clear\n');
    await waitFor('a cleared screen', async () => !(await drawn()).includes('ok-109'));
    await page.keyboard.type('echo still-$((2+3))\n');
    await waitForText(page, { paneId: 1, includes: 'still-5' });
    await waitFor('a green mark for it', async () => (await marks('0').count()) === 1, 20_000);
    expect(await marks('1').count()).toBe(0);
    expect(await page.locator('.rozi-toast-in[role="alert"]').count()).toBe(0);
    expect(await server.cli(['capture-pane', '--target', '1', '--last-output', '--format', 'text'])).toBe(
      'still-5\n',
    );
    await screenshot(page, 'shell-integration-bad-osc');
  });
});
