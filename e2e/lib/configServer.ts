// The setup every config.toml e2e shares: a real server in a temp HOME, its config.toml path
// (written first when `text` is given) and one browser, started before the file's tests and
// disposed after them. Call it at the top of a test file; read the fields inside tests.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openBrowser, type Browser } from './browser';
import { startRozi, type RoziServer } from './roziServer';

export interface ConfigServer {
  server: RoziServer;
  browser: Browser;
  configFile: string;
  /** config.toml as it is on disk now. */
  file(): string;
}

export function configServer(o: { text?: string } = {}): ConfigServer {
  const out = {
    file: () => readFileSync(out.configFile, 'utf8'),
  } as ConfigServer;
  beforeAll(async () => {
    out.server = await startRozi();
    const dir = join(out.server.home, '.config', 'rozi');
    mkdirSync(dir, { recursive: true });
    out.configFile = join(dir, 'config.toml');
    if (o.text !== undefined) writeFileSync(out.configFile, o.text);
    out.browser = await openBrowser();
  }, 180_000);
  afterAll(async () => {
    await out.browser?.close();
    await out.server?.dispose();
  });
  return out;
}
