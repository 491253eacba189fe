// rozi's picker protocol in the browser, keyboard only (issue 15.4): a branch picker written the
// way rozi's docs describe one — string `disabled` reasons, an active row, groups, a confirming
// delete and a prompting create — driven from a pane with `rozi pick --json`, its answer lines
// read from the file they were written to. Then rozi's refusal while another overlay is open.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { waitForFocus } from '../lib/focusProbe';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { typeInTerminal, waitFor } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;

beforeAll(async () => {
  server = await startRozi();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const request = {
  title: 'Switch branch',
  width: 72,
  actions: [
    { id: 'create', key: 'ctrl-n', label: 'new branch', prompt: 'Branch name' },
    { id: 'delete', key: 'ctrl-d', label: 'delete', confirm: true },
  ],
  rows: [
    { id: 'main', label: 'main', group: 'Local', disabled: 'Current', active: true },
    { id: 'feat/x', label: 'feat/x', group: 'Local', description: 'ahead 2' },
    { label: 'fix/y', group: 'Local' },
    { id: 'origin/main', label: 'origin/main', group: 'Remote' },
  ],
};

describe('picker protocol in the browser', () => {
  it('a branch picker: disabled rows are inert, delete asks twice, create prompts, Enter selects', async () => {
    const { page } = browser;
    const dir = server.home;
    writeFileSync(join(dir, 'req.json'), JSON.stringify(request) + '\n');
    const out = join(dir, 'out.jsonl');
    const lines = () => {
      try {
        return readFileSync(out, 'utf8').split('\n').filter(Boolean);
      } catch {
        return [];
      }
    };
    await openWorkspace(page, server.url);
    await waitForFocus(page, 'the terminal', (f) => f.terminalPane === 1);
    await typeInTerminal(
      page,
      `(cat ~/req.json; sleep 600) | ("$ROZI_BIN" pick --json; echo "rc:$?") > ~/out.jsonl\n`,
    );
    const dialog = page.getByRole('dialog', { name: 'Switch branch' });
    await dialog.waitFor({ timeout: 20_000 });
    await waitForFocus(page, 'the filter', (f) => f.tag === 'input' && f.dialog === 'Switch branch');
    await dialog.getByText('Current').waitFor();
    await screenshot(page, 'picker-branches');
    // The first row is the checked-out branch: Enter does nothing.
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);
    expect(lines()).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Control+d');
    await dialog.getByText('again to delete').waitFor();
    await screenshot(page, 'picker-armed');
    expect(lines()).toEqual([]);
    await page.keyboard.press('Control+d');
    await waitFor('the delete line', async () => lines()[0] === '{"action":"delete","selected":"feat/x"}');
    // create: the prompt replaces the list; Esc comes back with the filter intact.
    await page.keyboard.type('fix');
    await page.keyboard.press('Control+n');
    await waitForFocus(page, 'the branch name prompt', (f) => f.tag === 'input' && f.name === 'Branch name');
    await page.keyboard.type('abandoned');
    await page.keyboard.press('Escape');
    const back = await waitForFocus(page, 'the filter again', (f) => f.name === 'Switch branch');
    expect(back.value).toBe('fix');
    await page.keyboard.press('Control+n');
    await waitForFocus(page, 'the prompt again', (f) => f.name === 'Branch name');
    await page.keyboard.type('feat/y');
    await page.keyboard.press('Enter');
    await waitFor(
      'the create line',
      async () => lines()[1] === '{"action":"create","selected":"fix/y","input":"feat/y"}',
    );
    await waitForFocus(page, 'the filter after create', (f) => f.name === 'Switch branch');
    await page.keyboard.press('Enter');
    await waitFor('the selection', async () => lines().slice(2).join('|') === '{"selected":"fix/y"}|rc:0');
    await dialog.waitFor({ state: 'hidden' });
    await waitForFocus(page, 'the terminal after the picker', (f) => f.terminalPane === 1);
    await page.keyboard.press('Control+c');
  });

  it('refuses with "an overlay is open" while the palette is up, and the palette keeps working', async () => {
    const { page } = browser;
    await page.keyboard.press('Control+Shift+P');
    await waitForFocus(page, 'the palette', (f) => f.dialog === 'Command palette');
    await expect(server.cli(['pick', '-t', 'Nope'])).rejects.toThrow(/exited 2: .*an overlay is open/);
    await page.keyboard.type('toggle theme');
    expect((await waitForFocus(page, 'still the palette', (f) => f.dialog === 'Command palette')).value).toBe(
      'toggle theme',
    );
    await page.keyboard.press('Escape');
  });
});
