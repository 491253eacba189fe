// Pane logging in a real server with a real PTY (session/paneLogging.ts): run-action
// toggle-pane-logging and the raw socket's pane-logging write the pane's raw output under
// [logging] dir with a header line; `enabled` sets rather than toggles; [logging] max_bytes stops
// the log with its reason as the last line and one server log line.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';

const h = makeHome();
let s: TestServer | undefined;
afterAll(async () => {
  if (s) expect(await s.stop()).toBe(0);
  removeHome(h.home);
});

/** One request of rozi's raw socket protocol, its one reply line. */
function raw(request: object): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const c = createConnection(h.env.ROZI_SOCKET as string);
    let buf = '';
    c.setEncoding('utf8');
    c.on('data', (d: string) => {
      buf += d;
      if (!buf.includes('\n')) return;
      c.destroy();
      resolve(JSON.parse(buf.slice(0, buf.indexOf('\n'))) as Record<string, unknown>);
    });
    c.on('error', reject);
    c.on('connect', () => c.write(JSON.stringify(request) + '\n'));
  });
}
const screenHas = (text: string) =>
  waitFor(
    text,
    async () =>
      (await s!.call<{ lines: string[] }>('panes.capture', { target: 1, scrollback: 'full' })).lines.some(
        (l) => l.includes(text),
      ),
    60_000,
  );

describe('pane logging', () => {
  it('logs raw output under [logging] dir, sets or toggles, and stops at max_bytes', async () => {
    mkdirSync(join(h.home, '.config', 'rozi'), { recursive: true });
    writeFileSync(
      join(h.home, '.config', 'rozi', 'config.toml'),
      '[logging]\ndir = "~/plogs"\nmax_bytes = 3000\n',
    );
    s = await startServer({ home: h });
    const file = join(h.home, 'plogs', 'main', 'pane-1.log');
    const on = await runCli(s.env, [
      '--format',
      'json',
      'run-action',
      'toggle-pane-logging',
      '--target',
      '1',
    ]);
    expect(on.stderr).toBe('');
    expect(on.stdout).toContain(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(h.home, 'plogs', 'main')).mode & 0o777).toBe(0o700);
    await s.call('panes.sendKeys', { target: 1, keys: ['echo log-$((6*7))', 'Enter'] });
    await waitFor('the logged output', () => readFileSync(file, 'utf8').includes('log-42'), 60_000);
    expect(readFileSync(file, 'utf8')).toMatch(
      /^\[rozi log\] session main pane 1 size \d+x\d+ started \S+\n/,
    );
    // The workspace view carries it (the page's [log] badge), for this pane only.
    const logged = async () =>
      (await s!.call<{ panes: { id: number; logging?: boolean }[] }>('workspace.get')).panes
        .filter((p) => p.logging)
        .map((p) => p.id);
    expect(await logged()).toEqual([1]);

    // enabled = true on a logging pane changes nothing; false stops it.
    expect(await raw({ cmd: 'pane-logging', target: 1, enabled: true })).toMatchObject({
      ok: true,
      data: { logging: true, file },
    });
    expect(await raw({ cmd: 'pane-logging', target: 1, enabled: false })).toMatchObject({
      ok: true,
      data: { logging: false },
    });
    expect(await logged()).toEqual([]);
    await s.call('panes.sendKeys', { target: 1, keys: ['echo off-$((6*7))', 'Enter'] });
    await screenHas('off-42');
    expect(readFileSync(file, 'utf8')).not.toContain('off-42');

    // Omitted `enabled` toggles on again (a second header); 5,000 bytes cross the 3,000 cap.
    expect(await raw({ cmd: 'pane-logging', target: 1 })).toMatchObject({
      ok: true,
      data: { logging: true },
    });
    await s.call('panes.sendKeys', {
      target: 1,
      keys: ["head -c 5000 /dev/zero | tr '\\0' x; echo", 'Enter'],
    });
    await waitFor(
      'the cap',
      () =>
        readFileSync(file, 'utf8').includes(
          '[rozi log] logging stopped: reached [logging] max_bytes (3000 bytes)',
        ),
      60_000,
    );
    const text = readFileSync(file, 'utf8');
    expect(text.match(/^\[rozi log\] session main/gm)).toHaveLength(2);
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      '[rozi log] logging stopped: reached [logging] max_bytes (3000 bytes)',
    );
    expect(
      Buffer.byteLength(text.slice(0, text.lastIndexOf('\n[rozi log] logging stopped'))),
    ).toBeLessThanOrEqual(3000);
    await waitFor(
      'the server log line',
      () => s!.stderr().includes('pane main:1: logging stopped: reached'),
      30_000,
    );
    expect(await raw({ cmd: 'pane-logging', target: 1, enabled: false })).toMatchObject({
      data: { logging: false },
    });
  }, 240_000);
});
