// Copy mode and hint mode (rozi's `[` and `u`) in Chromium against a real server and real bash:
// a selection made in scrollback with vi keys and `/` search landing in the clipboard, no key
// reaching the shell meanwhile; hint labels over a URL, a path with line:col, a Git SHA and a
// config.toml [[hints]] match, a path opened through an extension's file link handler (ROZI_FILE,
// ROZI_LINE, ROZI_COLUMN, ROZI_HINT) and a URL through a URL handler (ROZI_URL), an IP and a custom
// hint copied, and a bad [[hints]] entry named.
// Screenshots: e2e/screenshots/terminal-modes-*.png.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, typeInTerminal, waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  mkdirSync(join(server.home, '.config', 'rozi'), { recursive: true });
  writeFileSync(
    join(server.home, '.config', 'rozi', 'config.toml'),
    "[[hints]]\npattern = 'ISSUE-[0-9]+'\n\n[[hints]]\npattern = '(unclosed'\n",
  );
  // A file link handler, as an extension declares one: it records the link context it receives.
  const opener = join(server.home, 'opener');
  mkdirSync(opener);
  writeFileSync(
    join(opener, 'extension.toml'),
    [
      '[extension]\nid = "opener"\napi = 1\n',
      '[[commands]]\nid = "open"\nlabel = "Open file"\nexec = ["sh", "-c", "env | grep ^ROZI_ > \\"$ROZI_EXTENSION_STATE_DIR/link.env\\""]\n',
      '[[commands]]\nid = "browse"\nlabel = "Open URL"\nexec = ["sh", "-c", "env | grep ^ROZI_ > \\"$ROZI_EXTENSION_STATE_DIR/url.env\\""]\n',
      '[[link_handlers]]\nschemes = ["file"]\ncommand = "open"\n',
      '[[link_handlers]]\nschemes = ["https"]\ncommand = "browse"\n',
    ].join('\n'),
  );
  await server.cli(['extensions', 'install', '--link', opener]);
  browser = await openBrowser();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(server.url).origin,
  });
  await openWorkspace(browser.page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const clipboard = () => browser.page.evaluate(() => navigator.clipboard.readText());
const host = () => pane(browser.page, 1).locator('[data-terminal-key]');
const mode = () => host().getAttribute('data-term-mode');

async function prefix(key: string): Promise<void> {
  await browser.page.keyboard.press('Control+a');
  await browser.page.keyboard.press(key);
}

describe('copy mode', () => {
  it('selects in scrollback with vi keys and search, yanks to the clipboard, and leaks no key', async () => {
    const { page } = browser;
    await pane(page, 1).locator('.xterm').click();
    await typeInTerminal(page, "clear; printf 'old alpha-beta.gamma marker\\n'; seq 1 200\n");
    await waitForText(page, { paneId: 1, includes: '200' });
    await prefix('BracketLeft');
    await waitFor('copy mode', async () => (await mode()) === 'copy');
    expect(await pane(page, 1).locator('.rozi-mode-chip').innerText()).toContain('COPY');
    // Search backwards into the scrollback, then select one WORD from the match.
    await page.keyboard.press('Slash');
    await page.locator('.rozi-copy-search').waitFor();
    await page.keyboard.type('ALPHA');
    await page.keyboard.press('Enter');
    await waitFor('cursor on the match', async () =>
      (await host().getAttribute('data-copy-cursor'))?.endsWith(',0') ? true : null,
    );
    expect(await host().getAttribute('data-copy-cursor')).toBe('4,0');
    await page.keyboard.press('v');
    await page.keyboard.press('e'); // word end: "alpha"
    await page.keyboard.press('Shift+E'); // WORD end: "alpha-beta.gamma"
    await screenshot(page, 'terminal-modes-copy');
    await page.keyboard.press('y');
    await waitFor('the clipboard', async () => ((await clipboard()) === 'alpha-beta.gamma' ? true : null));
    await waitFor('copy mode left', async () => (await mode()) === null);
    // Nothing typed in copy mode reached the shell: this command runs as typed.
    await typeInTerminal(page, 'echo ok-$((40+2))\n');
    await waitForText(page, { paneId: 1, includes: 'ok-42' });
  });

  it("searches above the page's window of scrollback: the older history comes from the server", async () => {
    const { page } = browser;
    // 1,500 lines after the marker: it scrolled out of the page's 1,000-line window (historyWindow.ts).
    await typeInTerminal(page, "clear; printf 'far delta-epsilon.zeta marker\\n'; seq 1 1500\n");
    await waitForText(page, { paneId: 1, includes: '1500' });
    await prefix('BracketLeft');
    await waitFor('copy mode', async () => (await mode()) === 'copy');
    // Copy mode's cursor is an absolute buffer line: past 1,500 once the older lines came in above.
    await waitFor('the whole history in the page', async () =>
      Number((await host().getAttribute('data-copy-cursor'))?.split(',')[1]) > 1500 ? true : null,
    );
    await page.keyboard.press('Slash');
    await page.locator('.rozi-copy-search').waitFor();
    await page.keyboard.type('delta');
    await page.keyboard.press('Enter');
    await page.keyboard.press('v');
    await page.keyboard.press('Shift+E');
    await page.keyboard.press('y');
    await waitFor('the clipboard', async () => ((await clipboard()) === 'delta-epsilon.zeta' ? true : null));
    await waitFor('copy mode left', async () => (await mode()) === null);
  });

  it('moves by line and row motions, selects across rows and leaves with Esc without copying', async () => {
    const { page } = browser;
    await typeInTerminal(page, "clear; printf 'one two\\nthree four\\n'\n");
    await waitForText(page, { paneId: 1, includes: 'three four' });
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await prefix('BracketLeft');
    await waitFor('copy mode', async () => (await mode()) === 'copy');
    const cursor = async () => (await host().getAttribute('data-copy-cursor'))!.split(',').map(Number);
    const [, startY] = await cursor();
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await page.keyboard.press('0');
    await page.keyboard.press('w'); // "two"
    expect(await cursor()).toEqual([4, startY! - 2]);
    await page.keyboard.press('Space');
    await page.keyboard.press('j');
    await page.keyboard.press('$');
    expect(await cursor()).toEqual([9, startY! - 1]);
    await page.keyboard.press('Escape');
    await waitFor('copy mode left', async () => (await mode()) === null);
    expect(await clipboard()).toBe('before');
    await prefix('BracketLeft');
    await waitFor('copy mode again', async () => (await mode()) === 'copy');
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await page.keyboard.press('0');
    await page.keyboard.press('w');
    await page.keyboard.press('v');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await waitFor('a two-row selection copied', async () =>
      (await clipboard()) === 'two\nthree' ? true : null,
    );
  });
});

describe('hint mode', () => {
  const labels = () => pane(browser.page, 1).locator('.rozi-hint-label');
  const labelOf = async (kind: string) =>
    (await pane(browser.page, 1)
      .locator(`.rozi-hint-label[data-kind="${kind}"]`)
      .first()
      .getAttribute('data-hint'))!;

  it('labels URLs, paths, SHAs, IPs and [[hints]] matches; opens a path and a URL through their link handlers', async () => {
    const { page } = browser;
    await typeInTerminal(
      page,
      "clear; echo 'see https://example.com/doc and src/app/main.ts:12:3 near ISSUE-42 at 0123abc9 on 10.0.0.7:8080'\n",
    );
    await waitForText(page, { paneId: 1, includes: 'on 10.0.0.7:8080' });
    await prefix('u');
    await waitFor('hint mode', async () => (await mode()) === 'hint');
    // `clear` wiped the command line: the output holds one target of each kind.
    await waitFor('labels', async () => ((await labels().count()) === 5 ? true : null));
    const kinds = await labels().evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.kind));
    expect(kinds).toEqual(['url', 'path', 'custom', 'sha', 'ip']);
    // Each label covers exactly its own cell (the target's highlight is its text's cells wide), so
    // the character after the gap behind a target stays visible.
    const size = await page.evaluate(() => {
      const q = (sel: string) =>
        document.querySelector(`section[data-pane-id="1"] ${sel}`)!.getBoundingClientRect().width;
      return { label: q('.rozi-hint-label[data-kind="url"]'), cell: q('.rozi-hint-target') / 23 };
    });
    expect(Math.abs(size.label - size.cell)).toBeLessThan(0.5);
    // The bad [[hints]] entry is named in one line; the good one still works.
    await page.getByText(/\[\[hints\]\] #2: .*skipped/).waitFor();
    await screenshot(page, 'terminal-modes-hints');
    // Shift on the label's last letter opens: a path goes to the file link handler.
    const label = await labelOf('path');
    for (const [i, ch] of [...label].entries())
      await page.keyboard.press(i === label.length - 1 ? `Shift+${ch.toUpperCase()}` : ch);
    await waitFor('hint mode left', async () => (await mode()) === null);
    const file = join(server.env.ROZI_STATE_DIR as string, 'extensions', 'opener', 'link.env');
    const env = await waitFor('the link handler ran', async () =>
      existsSync(file) ? readFileSync(file, 'utf8') : undefined,
    );
    expect(env).toContain('ROZI_FILE=src/app/main.ts\n');
    expect(env).toContain('ROZI_LINE=12\n');
    expect(env).toContain('ROZI_COLUMN=3\n');
    expect(env).toContain('ROZI_HINT=src/app/main.ts:12:3\n');
    expect(env).toContain('ROZI_SOURCE_PANE=1\n');
    expect(env).not.toContain('ROZI_URL=');

    // A URL goes to the handler for its scheme, with ROZI_URL.
    await prefix('u');
    await waitFor('hint mode for the URL', async () => (await mode()) === 'hint');
    const url = await labelOf('url');
    for (const [i, ch] of [...url].entries())
      await page.keyboard.press(i === url.length - 1 ? `Shift+${ch.toUpperCase()}` : ch);
    const urlFile = join(server.env.ROZI_STATE_DIR as string, 'extensions', 'opener', 'url.env');
    const urlEnv = await waitFor('the URL handler ran', async () =>
      existsSync(urlFile) ? readFileSync(urlFile, 'utf8') : undefined,
    );
    expect(urlEnv).toContain('ROZI_URL=https://example.com/doc\n');
    expect(urlEnv).toContain('ROZI_HINT=https://example.com/doc\n');

    // An IP only copies, even with Shift (nothing to open it with).
    await prefix('u');
    await waitFor('hint mode for the IP', async () => (await mode()) === 'hint');
    const ip = await labelOf('ip');
    for (const [i, ch] of [...ip].entries())
      await page.keyboard.press(i === ip.length - 1 ? `Shift+${ch.toUpperCase()}` : ch);
    await waitFor('the IP copied', async () => ((await clipboard()) === '10.0.0.7:8080' ? true : null));
  });

  it('copies a custom hint with its lowercase label; Esc and a click leave without acting', async () => {
    const { page } = browser;
    await prefix('u');
    await waitFor('hint mode', async () => (await mode()) === 'hint');
    const label = await labelOf('custom');
    await page.keyboard.type(label);
    await waitFor('the clipboard', async () => ((await clipboard()) === 'ISSUE-42' ? true : null));
    await prefix('u');
    await waitFor('hint mode again', async () => (await mode()) === 'hint');
    await page.keyboard.press('Escape');
    await waitFor('hint mode left', async () => (await mode()) === null);
    await prefix('u');
    await waitFor('hint mode once more', async () => (await mode()) === 'hint');
    await pane(page, 1).locator('.xterm-screen').click();
    await waitFor('a click dismisses it', async () => (await mode()) === null);
    await typeInTerminal(page, 'echo still-$((1+1))\n');
    await waitForText(page, { paneId: 1, includes: 'still-2' });
  });

  it('says so when the screen holds nothing to hint', async () => {
    const { page } = browser;
    await typeInTerminal(page, 'clear\n');
    await waitFor('only the prompt on screen', async () =>
      /^\S*[#$]$/.test((await pane(page, 1).locator('.xterm-accessibility-tree').innerText()).trim()),
    );
    await prefix('u');
    await page.getByText('No hints in this pane').waitFor();
    expect(await mode()).toBeNull();
  });
});
