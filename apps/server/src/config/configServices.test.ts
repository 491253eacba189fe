// config.toml [[services]] under a real supervisor: entries read with one warning per bad one, a
// crash loop ending in `failed` with a notification, and a reload that moves only what changed.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigServices } from './configServices';
import { configStore } from './configStore';
import { readConfigServices } from './services';

const read = (text: string) =>
  readConfigServices({ root: parse(text) as Record<string, unknown>, text, file: 'c.toml' });

async function waitFor<T>(probe: () => T | undefined | false, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('[[services]] entries', () => {
  it('reads name, run, cwd, restart and env; skips bad entries with their line', () => {
    const r = read(
      [
        '[[services]]', // 1
        'name = "watch"', // 2
        'run = "sleep 100"', // 3
        'cwd = "~/src"', // 4
        'env = { RUST_LOG = "info" }', // 5
        '[[services]]', // 6
        'name = "watch"', // 7
        'run = "x"', // 8
        '[[services]]', // 9
        'name = "bad"', // 10
        'restart = "sometimes"', // 11
        'run = "x"', // 12
        '[[services]]', // 13
        'name = "norun"', // 14
      ].join('\n'),
    );
    expect(r.services).toEqual([
      { name: 'watch', run: 'sleep 100', cwd: '~/src', restart: 'on-failure', env: { RUST_LOG: 'info' } },
    ]);
    expect(r.warnings).toEqual([
      "c.toml:6: [[services]] #2: a service 'watch' is already defined; skipped",
      'c.toml:9: [[services]] #3: restart must be "on-failure", "always" or "never"; skipped',
      'c.toml:13: [[services]] #4: run must be a non-empty command line; skipped',
    ]);
  });
});

describe('ConfigServices', () => {
  let services: ConfigServices | undefined;
  afterEach(async () => services?.stop());

  function setup(text: string) {
    const dir = mkdtempSync(join(tmpdir(), 'rozi-svc-'));
    const file = join(dir, 'config.toml');
    writeFileSync(file, text);
    const notes: string[] = [];
    const changed: string[] = [];
    services = new ConfigServices({
      configFile: file,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir },
      home: dir,
      logDir: join(dir, 'logs'),
      notify: (n) => notes.push(`${n.title}: ${n.message}`),
      changed: (name) => changed.push(name),
      log: () => undefined,
      timings: { initialDelayMs: 20, maxDelayMs: 40, giveUpWindowMs: 5_000, stableAfterMs: 5_000 },
    });
    return { dir, file, notes, changed, svc: services };
  }

  it('a crashing service backs off, then gives up as failed with one notification; a reload revives it', async () => {
    const t = setup('[[services]]\nname = "crash"\nrun = "echo boom; exit 3"\n');
    await t.svc.start();
    const failed = await waitFor(() => t.svc.list().find((s) => s.state === 'failed'));
    expect(failed).toMatchObject({ name: 'crash', starts: 5, exitCode: 3 });
    expect(t.notes).toHaveLength(1);
    expect(t.notes[0]).toMatch(
      /^service crash failed: 5 starts within 5 s; not restarted until config.toml changes/,
    );
    expect(readFileSync(failed.log, 'utf8')).toContain('boom');
    // Any change of config.toml gives a failed service a fresh start.
    writeFileSync(t.file, '[[services]]\nname = "crash"\nrun = "echo boom; exit 3"\n# touched\n');
    await t.svc.reload();
    await waitFor(() => t.svc.list()[0]!.starts === 6 || undefined);
  });

  it('a reload restarts only the edited service, stops a removed one and starts a new one', async () => {
    const t = setup(
      '[[services]]\nname = "a"\nrun = "sleep 100"\n[[services]]\nname = "b"\nrun = "sleep 100"\n',
    );
    await t.svc.start();
    await waitFor(() => t.svc.list().every((s) => s.state === 'running'));
    const pidA = t.svc.list().find((s) => s.name === 'a')!.pid;
    const pidB = t.svc.list().find((s) => s.name === 'b')!.pid;
    writeFileSync(
      t.file,
      '[[services]]\nname = "a"\nrun = "sleep 100"\n[[services]]\nname = "b"\nrun = "sleep 200"\n[[services]]\nname = "c"\nrun = "sleep 100"\n',
    );
    configStore(t.file).reload();
    await t.svc.reload();
    await waitFor(() => t.svc.list().length === 3 && t.svc.list().every((s) => s.state === 'running'));
    const after = new Map(t.svc.list().map((s) => [s.name, s]));
    expect(after.get('a')!.pid).toBe(pidA);
    expect(after.get('b')!.pid).not.toBe(pidB);
    writeFileSync(t.file, '[[services]]\nname = "c"\nrun = "sleep 100"\n');
    configStore(t.file).reload();
    await t.svc.reload();
    expect(t.svc.list().map((s) => s.name)).toEqual(['c']);
    expect(() => process.kill(pidA!, 0)).toThrow();
  });
});
