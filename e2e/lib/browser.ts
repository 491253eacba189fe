// Debian's Chromium driven by playwright-core (Playwright cannot download its own browser here).
// Each context is persistent in its own temp profile, removed on close.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT } from './roziServer';

export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(REPO_ROOT, 'e2e', 'screenshots');

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function openBrowser(
  o: {
    viewport?: { width: number; height: number };
    isMobile?: boolean;
    hasTouch?: boolean;
    /** Chromium flags beside the usual ones (bench: `--disable-webgl` for xterm's DOM renderer). */
    extraArgs?: string[];
  } = {},
): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'rozi-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...ARGS, ...(o.extraArgs ?? [])],
    viewport: o.viewport ?? { width: 1400, height: 860 },
    isMobile: o.isMobile,
    hasTouch: o.hasTouch,
    deviceScaleFactor: 1,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
