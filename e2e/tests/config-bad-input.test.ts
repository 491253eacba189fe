// Bad config.toml input in a real server with a page open (issue 18, "Bad input"): a save cut off
// mid-edit (a syntax error), a chord bound twice, a theme file that is not a theme, a command whose
// program is not installed. Each is one line (the page's banner or Settings, and `rozi config
// check`), the last good config stays in force (the theme stays painted), and nothing restarts
// that did not change: the service started first keeps its one process through every save.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { REPO_ROOT, startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;
let configDir: string;
let configFile: string;

const GOOD = [
  '# hand-written',
  '[theme]',
  'name = "dracula"',
  '',
  '[[services]]',
  'name = "ticker"',
  'run = "while true; do sleep 1; done"',
  '',
  '[[commands]]',
  'id = "hello"',
  'exec = "true"',
  '',
].join('\n');

beforeAll(async () => {
  server = await startRozi();
  configDir = join(server.home, '.config', 'rozi');
  mkdirSync(join(configDir, 'themes'), { recursive: true });
  configFile = join(configDir, 'config.toml');
  writeFileSync(configFile, GOOD);
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** A `rozi` verb's stdout whatever its exit (config check and status exit 1 while they warn). */
const cliOut = (args: string[]) =>
  spawnSync(process.execPath, [join(REPO_ROOT, 'apps', 'server', 'bin', 'rozi.mjs'), ...args], {
    env: server.env,
    encoding: 'utf8',
  }).stdout;

type Row = { name: string; state: string; pid: number | null; starts: number };
function ticker(): Row | undefined {
  const out = JSON.parse(cliOut(['config', 'status', '--format', 'json'])) as
    { services: Row[] } | { data: { services: Row[] } };
  return ('data' in out ? out.data.services : out.services).find((s) => s.name === 'ticker');
}

type Warning = { code: string; message: string; line: number | null };
function check(): { warnings: Warning[]; text: string } {
  const json = JSON.parse(cliOut(['config', 'check', '--format', 'json'])) as
    { warnings: Warning[] } | { data: { warnings: Warning[] } };
  return {
    warnings: 'data' in json ? json.data.warnings : json.warnings,
    text: cliOut(['config', 'check', '--format', 'text']),
  };
}

const paintedTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.configTheme ?? '');

describe('bad config.toml input', () => {
  it('one line each, the last good config stays, nothing restarts that did not change', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await waitFor('dracula painted', async () => (await paintedTheme(page)) === 'dracula');
    await waitFor('the ticker runs', async () => ticker()?.state === 'running', 20_000);
    const first = ticker();
    expect(first?.starts).toBe(1);
    const stillTheSame = async () => {
      const now = ticker();
      expect(now?.state).toBe('running');
      expect(now?.pid).toBe(first?.pid);
      expect(now?.starts).toBe(1);
      expect(await paintedTheme(page)).toBe('dracula');
    };

    // 1. A save cut off mid-edit: the banner names the line; everything carries on.
    writeFileSync(configFile, `${GOOD}\n[[commands]]\nid = "half\n`);
    const banner = page.locator('[data-config-warning="broken"]');
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.innerText()).toMatch(
      /did not load: the last good .* stay in force \(1 warning\)[\s\S]*line 14/,
    );
    const broken = check();
    expect(broken.warnings).toHaveLength(1);
    await screenshot(page, 'config-bad-syntax-banner');
    await stillTheSame();

    // 2. A chord bound twice: one line naming both bindings.
    writeFileSync(configFile, `${GOOD}\n[keys]\ncopy-mode = "b"\nsearch = "b"\n`);
    await banner.waitFor({ state: 'detached', timeout: 15_000 });
    const twice = check();
    expect(twice.warnings.map((w) => w.code)).toEqual(['bound-twice']);
    expect(twice.text).toMatch(
      /config\.toml:15: \[keys\] search: .+ is bound twice, also to copy-mode \(line 14\); it runs copy-mode only \[bound-twice\]/,
    );
    await stillTheSame();

    // 3. A theme file that is not a theme: one line; dracula stays painted.
    writeFileSync(join(configDir, 'themes', 'notes.toml'), 'title = "my notes"\n');
    writeFileSync(configFile, GOOD.replace('name = "dracula"', 'name = "notes"'));
    const themed = check();
    expect(themed.warnings).toHaveLength(1);
    expect(themed.warnings[0]?.message).toMatch(/notes\.toml: not a theme/);
    await page.goto(new URL('/settings#theme', server.url).toString());
    await page.getByText('keeping dracula', { exact: false }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'config-bad-theme-kept');
    await stillTheSame();

    // 4. A command whose program is not installed: one line naming it.
    writeFileSync(configFile, `${GOOD}\n[[commands]]\nid = "gone"\nrun = "nosuch-program-xyz --flag"\n`);
    await waitFor('the command is read', async () => check().warnings.length === 1);
    const missing = check();
    expect(missing.warnings.map((w) => w.code)).toEqual(['missing-program']);
    expect(missing.text).toMatch(
      /config\.toml:15: \[\[commands\]\] #2 \(gone\) run: program 'nosuch-program-xyz' is not on PATH; it fails when it runs \[missing-program\]/,
    );
    await stillTheSame();
  }, 180_000);
});
