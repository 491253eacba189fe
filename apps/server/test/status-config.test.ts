// The live server's config.toml report: `rozi config status` (status.config) says ok or broken,
// names each warning's line and lists the definitions in force; a broken save keeps the last
// good definitions; every reload raises config-reloaded, after which [[hooks]] are re-read.
import { closeSync, existsSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigStatus } from '../src/status/configStatus';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';

let s: TestServer;
let configFile: string;

beforeAll(async () => {
  const home = makeHome();
  const dir = join(home.home, '.config', 'rozi');
  mkdirSync(dir, { recursive: true });
  configFile = join(dir, 'config.toml');
  writeFileSync(configFile, '[[agents]]\nid = "mca"\nmatch = { names = ["mca"] }\n');
  s = await startServer({ home });
});

afterAll(async () => {
  expect(await s.stop()).toBe(0);
  removeHome(s.home);
});

const status = async () => {
  const r = await runCli(s.env, ['--format', 'json', 'config', 'status']);
  return { code: r.code, value: JSON.parse(r.stdout) as ConfigStatus, stderr: r.stderr };
};
const inForce = (v: ConfigStatus) => v.definitions.map((d) => d.id);

/** Writes config.toml and waits until the server has read this version. */
async function save(text: string): Promise<ConfigStatus> {
  const before = (await status()).value.readAt;
  writeFileSync(configFile, text);
  return waitFor(
    'the reload',
    async () => {
      const now = (await status()).value;
      return now.readAt > before ? now : null;
    },
    240_000,
  );
}

describe('config.toml status of the running server', () => {
  it('reports ok, broken (last good kept) and dropped entries with their lines', async () => {
    const first = await status();
    expect(first.code).toBe(0);
    expect(first.value).toMatchObject({ file: configFile, state: 'ok', warnings: [] });
    expect(inForce(first.value)[0]).toBe('mca');
    expect(first.value.definitions.find((d) => d.id === 'claude')).toMatchObject({
      source: 'builtin',
      resume: true,
    });

    // Broken TOML on line 3: the server keeps mca, says broken, names the line.
    const broken = await save('[[agents]]\nid = "other"\nmatch = { names = ["other"] \n');
    expect(broken.state).toBe('broken');
    expect(broken.warnings[0]).toMatchObject({ code: 'toml-syntax', file: configFile });
    expect(broken.warnings[0]?.line).toBeGreaterThan(0);
    expect(inForce(broken)).toContain('mca');
    expect(inForce(broken)).not.toContain('other');
    const text = await runCli(s.env, ['--format', 'text', 'config', 'status']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('broken, the last good agent definitions stay in force');
    expect(text.stdout).toMatch(new RegExp(`${configFile}:\\d+`));

    // A bad rule loads the rest: ok, with the warning's line, the definition in force.
    const warned = await save(
      '[[agents]]\nid = "mca2"\nmatch = { names = ["mca2"] }\n\n[[agents.states]]\nstate = "working"\nscreen = { regex = true, any_of = ["("] }\n',
    );
    expect(warned.state).toBe('ok');
    expect(warned.warnings).toEqual([
      expect.objectContaining({ code: 'invalid-regex', line: expect.any(Number) }),
    ]);
    expect(inForce(warned)).toContain('mca2');
    expect(inForce(warned)).not.toContain('mca');
    expect((await status()).code).toBe(0);
  }, 240_000);

  it('keeps the last good definitions through a save that truncates and writes late, and takes a file left empty', async () => {
    const good = await save('[[agents]]\nid = "mca"\nmatch = { names = ["mca"] }\n');
    expect(inForce(good)).toContain('mca');
    // A writer stalled between the truncate and the write (well past the reload debounce), whose
    // text then does not parse: the empty file in between must not become "the last good" config.
    const before = good.readAt;
    const fd = openSync(configFile, 'w');
    await new Promise((r) => setTimeout(r, 400));
    writeSync(fd, '[[agents]]\nid = "mca"\nmatch = { names = ["mca"] \n');
    closeSync(fd);
    const broken = await waitFor('the broken save read', async () => {
      const now = (await status()).value;
      return now.readAt > before && now.state === 'broken' ? now : null;
    });
    expect(inForce(broken)).toContain('mca');
    // A file that stays empty is a config with nothing in it, taken once it has held still.
    const fd2 = openSync(configFile, 'w');
    closeSync(fd2);
    const empty = await waitFor('the empty file in force', async () => {
      const now = (await status()).value;
      return now.state === 'ok' && !inForce(now).includes('mca') ? now : null;
    });
    expect(empty.warnings).toEqual([]);
  }, 240_000);

  it('keeps the last good definitions when an extension brings agents while the file is broken', async () => {
    await save('# before the extension\n[[agents]]\nid = "mca"\nmatch = { names = ["mca"] }\n');
    const broken = await save('[[agents]]\nid = "mca"\nmatch = { names = ["mca"] \n');
    expect(broken.state).toBe('broken');
    const ext = join(s.home, 'acme-ext');
    mkdirSync(ext, { recursive: true });
    writeFileSync(
      join(ext, 'extension.toml'),
      '[extension]\nid = "acme"\napi = 1\n\n[[agents]]\nid = "bot"\nmatch = { paths = ["acme-bot"] }\n',
    );
    expect((await runCli(s.env, ['extensions', 'install', '--link', ext])).code).toBe(0);
    const after = await waitFor('the extension agent in force', async () => {
      const now = (await status()).value;
      return inForce(now).includes('acme.bot') ? now : null;
    });
    expect(inForce(after)).toContain('mca');
    expect(after.state).toBe('broken');
    expect((await runCli(s.env, ['extensions', 'remove', 'acme'])).code).toBe(0);
  }, 240_000);

  it('re-reads [[hooks]] on the reload: a hook added to config.toml runs', async () => {
    const marker = join(s.home, 'hook-ran');
    await save(`[[hooks]]\nevent = "bell"\nrun = "touch ${marker}"\n`);
    const tab = await s.call<{ pane: { id: number } }>('tabs.create', {});
    await waitFor(
      'the hook ran',
      async () => {
        await s.call('panes.sendText', { target: tab.pane.id, text: "printf '\\a'\r" });
        await new Promise((r) => setTimeout(r, 200));
        return existsSync(marker);
      },
      15_000,
    );
  }, 240_000);

  it('names unknown keys as warnings and rozi keys with no web meaning, with lines and reasons', async () => {
    const v = await save(
      'frame_rate = 60\n[[agents]]\nid = "mca"\nmatch = { names = ["mca"] }\n\n[theme]\nnmae = "x"\n[confirm]\nload_profile = true\n',
    );
    expect(v.warnings.map((w) => `${w.line}:${w.code}`)).toEqual(['7:unknown-key']);
    // Every rozi key is honoured or has no web meaning now: [confirm] load_profile is honoured.
    expect(v.notUsed.map((n) => `${n.line}:${n.key}:${n.kind}`)).toEqual(['1:frame_rate:no-web-meaning']);
    const text = await runCli(s.env, ['--format', 'text', 'config', 'status']);
    expect(text.stdout).toContain('not used in the web edition (1):');
  }, 240_000);
});
