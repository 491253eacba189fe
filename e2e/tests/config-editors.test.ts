// Settings → config.toml edits [[commands]], [[services]] and [[rules]] in a real server and a real
// browser (issue 18): a command added in the form is written to the file (the user's comments
// kept), appears in the palette and runs from it; a bad id is refused in one line and nothing is
// written; Remove raises an Undo toast whose Undo puts the file back byte for byte; a service added
// runs and shows its state, and editing another service leaves it running (same pid); rules are
// added and reordered with Move up. Every row button is at least 32 px on a phone.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;
let configFile: string;
let marker: string;

const START = '# my rozi config: hand-written, keep this comment\n\n[keys]\n# nothing rebound yet\n';

beforeAll(async () => {
  server = await startRozi();
  const dir = join(server.home, '.config', 'rozi');
  mkdirSync(dir, { recursive: true });
  configFile = join(dir, 'config.toml');
  marker = join(server.home, 'hello-ran');
  writeFileSync(configFile, START);
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const file = () => readFileSync(configFile, 'utf8');
const editor = (page: Page, table: string) => page.locator(`[data-entry-editor="${table}"]`);

async function fill(form: Locator, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) {
    const control = form.getByLabel(label, { exact: true });
    if ((await control.evaluate((e) => e.tagName)) === 'SELECT') await control.selectOption(value);
    else await control.fill(value);
  }
}

async function add(
  page: Page,
  o: { table: string; what: string; fields: Record<string, string> },
): Promise<void> {
  const { table, what, fields } = o;
  await editor(page, table)
    .getByRole('button', { name: `Add ${what}` })
    .click();
  const form = page.locator(`[data-entry-form="${table}"]`);
  await fill(form, fields);
  await form.getByRole('button', { name: `Add ${what}` }).click();
}

type Row = { name: string; state: string; pid: number | null };
async function services(): Promise<Row[]> {
  const out = JSON.parse(await server.cli(['config', 'status', '--format', 'json'])) as
    { services: Row[] } | { data: { services: Row[] } };
  return 'data' in out ? out.data.services : out.services;
}

describe('Settings edits [[commands]], [[services]] and [[rules]]', () => {
  it('adds, refuses, edits, removes and undoes a command; it runs from the palette', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await page.goto(new URL('/settings#commands', server.url).toString());
    await editor(page, 'commands').locator('[data-entries-empty]').waitFor();

    // A bad id: one line naming the field, nothing written.
    await add(page, { table: 'commands', what: 'command', fields: { id: 'Bad Id', 'Command line': 'true' } });
    const error = page.locator('[data-entry-form="commands"] [data-entry-error]');
    await error.waitFor();
    expect(await error.innerText()).toBe('id must be lowercase letters, digits, _ or -');
    expect(file()).toBe(START);

    const form = page.locator('[data-entry-form="commands"]');
    await fill(form, { id: 'hello', Kind: 'exec', 'Command line': `touch ${marker}` });
    await form.getByRole('button', { name: 'Add command' }).click();
    await editor(page, 'commands').locator('[data-entry="hello"]').waitFor();
    expect(file()).toBe(`${START}\n[[commands]]\nid = "hello"\nexec = "touch ${marker}"\n`);
    await page.locator('[data-undo-toast="Added command hello"]').waitFor();

    // Edit: a label; the changed line only.
    await page.getByRole('button', { name: 'Edit command hello' }).click();
    await fill(form, { 'Label (optional)': 'Say hello' });
    await form.getByRole('button', { name: 'Save' }).click();
    await waitFor('the label is written', async () => file().includes('label = "Say hello"'));
    const withLabel = file();
    expect(withLabel).toBe(
      `${START}\n[[commands]]\nid = "hello"\nexec = "touch ${marker}"\nlabel = "Say hello"\n`,
    );
    await page.locator('#commands').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-commands-editor');

    // Remove, then Undo: the file is back byte for byte.
    await page.getByRole('button', { name: 'Remove command hello' }).click();
    await waitFor('the entry is removed', async () => !file().includes('[[commands]]'));
    expect(file()).toBe(START);
    const toast = page.locator('[data-undo-toast="Removed command hello"]');
    await toast.waitFor();
    await screenshot(page, 'settings-undo-toast');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await waitFor('Undo restored the file', async () => file() === withLabel);
    await editor(page, 'commands').locator('[data-entry="hello"]').waitFor();

    // The palette lists it by its label and runs it.
    await openWorkspace(page, server.url);
    await page.keyboard.press('Control+Shift+P');
    await page.getByRole('dialog').locator('input').fill('Say hello');
    await page.getByRole('dialog').getByText('Say hello').first().waitFor();
    await page.keyboard.press('Enter');
    await waitFor('the command ran', async () => existsSync(marker), 20_000);
  }, 180_000);

  it('adds a service that runs and shows its state; editing another leaves it running', async () => {
    const { page } = browser;
    await page.goto(new URL('/settings#services', server.url).toString());
    await add(page, {
      table: 'services',
      what: 'service',
      fields: { name: 'ticker', run: 'while true; do sleep 1; done' },
    });
    await page.locator('[data-service="ticker"][data-service-state="running"]').waitFor({ timeout: 20_000 });
    await add(page, { table: 'services', what: 'service', fields: { name: 'other', run: 'sleep 300' } });
    await page.locator('[data-service="other"][data-service-state="running"]').waitFor({ timeout: 20_000 });
    const before = await services();
    const tickerPid = before.find((s) => s.name === 'ticker')?.pid;
    const otherPid = before.find((s) => s.name === 'other')?.pid;
    expect(tickerPid).toBeTypeOf('number');

    await page.getByRole('button', { name: 'Edit service other' }).click();
    await fill(page.locator('[data-entry-form="services"]'), { run: 'sleep 301' });
    await page.locator('[data-entry-form="services"]').getByRole('button', { name: 'Save' }).click();
    await waitFor('the edited service restarted', async () => {
      const now = await services();
      const other = now.find((s) => s.name === 'other');
      return other?.state === 'running' && other.pid !== otherPid;
    });
    expect((await services()).find((s) => s.name === 'ticker')?.pid).toBe(tickerPid);
    expect(file()).toContain('[[services]]\nname = "other"\nrun = "sleep 301"\n');
    await page.locator('#services').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-services-editor');
  }, 120_000);

  it('adds rules and reorders them; the keyboard reaches the form and Escape leaves it', async () => {
    const { page } = browser;
    await page.goto(new URL('/settings#rules', server.url).toString());
    await add(page, { table: 'rules', what: 'rule', fields: { 'Text in the command line': 'htop' } });
    await editor(page, 'rules').locator('[data-entry="htop"]').waitFor();
    // Keyboard: Enter on Add rule puts the focus in the form; Escape returns it to the button.
    const addRule = editor(page, 'rules').getByRole('button', { name: 'Add rule' });
    await addRule.focus();
    await page.keyboard.press('Enter');
    await waitFor('the form has the focus', async () =>
      page.evaluate(() => !!document.activeElement?.closest('[data-entry-form="rules"]')),
    );
    await page.keyboard.press('Escape');
    await waitFor('focus back on Add rule', async () =>
      page.evaluate(() => document.activeElement?.textContent?.includes('Add rule') ?? false),
    );
    await add(page, {
      table: 'rules',
      what: 'rule',
      fields: {
        'Match by': 'match_regex',
        'Pattern (a regular expression)': '^btop',
        workspace: '3',
      },
    });
    await editor(page, 'rules').locator('[data-entry="/^btop/"]').waitFor();
    await page.getByRole('button', { name: 'Move rule /^btop/ up' }).click();
    // The one list of rules: the editor's rows, each saying where the server sends the pane.
    const applied = page.locator('[aria-label="[[rules]] entries"] li');
    await waitFor('the server applies the new order', async () => {
      const names = await applied.evaluateAll((li) => li.map((l) => (l as HTMLElement).dataset.entry));
      return names.length === 2 && names[0] === '/^btop/';
    });
    expect(await applied.locator('[data-entry-detail]').allInnerTexts()).toEqual([
      '→ tiled, in workspace 3',
      '→ tiled, in the current workspace',
    ]);
    const text = file();
    expect(text.indexOf('match_regex = "^btop"')).toBeLessThan(text.indexOf('match = "htop"'));
    expect(text.startsWith(START)).toBe(true);
    await page.locator('#rules').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-rules-editor');
  }, 120_000);

  it('row buttons are at least 32 px on a phone', async () => {
    const phone = await openBrowser({ viewport: { width: 390, height: 844 } });
    try {
      await phone.page.goto(server.url);
      await phone.page.goto(new URL('/settings#rules', server.url).toString());
      const buttons = phone.page.locator('[data-entry-editor] li button');
      await buttons.first().waitFor();
      await phone.page.locator('[data-entry-editor="rules"]').scrollIntoViewIfNeeded();
      const sizes = await buttons.evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return Math.min(r.width, r.height);
        }),
      );
      expect(sizes.length).toBeGreaterThan(4);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(32);
      await screenshot(phone.page, 'settings-rules-editor-phone');
    } finally {
      await phone.close();
    }
  }, 60_000);
});
