// config.toml [[services]] in a real server: a service that keeps crashing backs off and ends
// `failed` with an error toast in the open workspace; Settings lists every service with its state
// and `rozi config status` prints them; an edit of one entry restarts that one alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;
let configFile: string;

const CONFIG = [
  '[[services]]',
  'name = "crasher"',
  'run = "echo starting; exit 3"',
  '',
  '[[services]]',
  'name = "ticker"',
  'run = "while true; do sleep 1; done"',
  'restart = "always"',
  '',
].join('\n');

beforeAll(async () => {
  server = await startRozi();
  const dir = join(server.home, '.config', 'rozi');
  mkdirSync(dir, { recursive: true });
  configFile = join(dir, 'config.toml');
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

type Row = { name: string; state: string; pid: number | null };
type Reply = { services: Row[] } | { ok: boolean; data: { services: Row[] } };

async function services(): Promise<Row[]> {
  const out = JSON.parse(await server.cli(['config', 'status', '--format', 'json'])) as Reply;
  return 'data' in out ? out.data.services : out.services;
}

describe('[[services]] from config.toml', () => {
  it('a crash loop ends failed with a toast; Settings and rozi config status show every service', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    writeFileSync(configFile, CONFIG);
    // 1 s, 2 s, 4 s, 8 s between the five starts: failed about 15 s after the save.
    const toast = page.getByText('service crasher failed', { exact: false });
    await toast.first().waitFor({ timeout: 45_000 });
    await screenshot(page, 'services-failed-toast');
    const rows = await services();
    expect(rows.find((s) => s.name === 'crasher')?.state).toBe('failed');
    const ticker = rows.find((s) => s.name === 'ticker');
    expect(ticker?.state).toBe('running');
    const text = await server.cli(['config', 'status', '--format', 'text']);
    expect(text).toMatch(/crasher\s+failed\s+5 starts within 60 s, 5 starts, last exit 3/);

    await page.goto(new URL('/settings#config', server.url).toString());
    const failed = page.locator('[data-service="crasher"][data-service-state="failed"]');
    await failed.waitFor({ timeout: 15_000 });
    await page.locator('[data-service="ticker"][data-service-state="running"]').waitFor();
    await failed.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-services');

    // An edit of the crasher alone: the ticker keeps its process, the crasher starts afresh.
    writeFileSync(configFile, CONFIG.replace('exit 3', 'sleep 30'));
    await page.locator('[data-service="crasher"][data-service-state="running"]').waitFor({ timeout: 15_000 });
    const after = await services();
    expect(after.find((s) => s.name === 'ticker')?.pid).toBe(ticker?.pid);
  }, 120_000);
});
