// `rozi extensions check` and `rozi extensions new` as a user runs them: the real bin in a temp
// HOME for the end-to-end cases, and the same verb in-process (main()) over every manifest
// fixture, each written into a real directory with the files it names.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformName } from '@rozi/extensions';
import { main } from '../src/cli/main';
import { loadFixtures } from '../../../packages/extensions/test/fixtureSet';
import { BIN } from './harness';

let home: string;
let work: string;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'rozi-ext-check-home-'));
  work = mkdtempSync(join(tmpdir(), 'rozi-ext-check-'));
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

function env(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8', ROZI_SOCKET: join(home, 'rozi.sock') };
}

/** Runs the real `rozi` bin; resolves with exit code and output. */
function rozi(args: string[], cwd = work): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd, env: env(), timeout: 20_000, maxBuffer: 8 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code =
          err && typeof (err as { code?: unknown }).code === 'number'
            ? (err as { code: number }).code
            : err
              ? 1
              : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Runs the verb in-process through the CLI's own entry point. */
async function roziInProcess(args: string[]): Promise<{ code: number; stdout: string }> {
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (c: Buffer) => chunks.push(c));
  const code = await main(args, {
    stdout,
    stderr: new PassThrough(),
    stdin: new PassThrough(),
    stdoutIsTTY: false,
    env: env(),
    cwd: work,
  });
  return { code, stdout: Buffer.concat(chunks).toString('utf8') };
}

function extensionDir(name: string, manifest: string | Buffer, files: string[] = []): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'extension.toml'), manifest);
  for (const f of files) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), '// fixture file\n');
  }
  return dir;
}

describe('rozi extensions check (real bin)', () => {
  it('scaffolds with `new`, and the scaffold checks valid with the documented JSON shape', async () => {
    const created = await rozi(['extensions', 'new', 'my-extension', '--format', 'json']);
    expect(created.code, created.stderr).toBe(0);
    const info = JSON.parse(created.stdout);
    expect(info.files).toEqual(['extension.toml', 'bin/hello.py', 'README.md']);
    expect(['python3', 'python']).toContain(info.launcher[0]);
    expect(info.next).toContain('rozi extensions check .');

    const r = await rozi(['extensions', 'check', 'my-extension', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report)).toEqual([
      'schema_version',
      'id',
      'verdict',
      'errors',
      'hints',
      'settings',
      'discover',
      'metadata',
    ]);
    expect(report).toMatchObject({
      schema_version: 1,
      id: 'my-extension',
      verdict: 'valid',
      errors: [],
      settings: {},
    });
    expect(report.discover.ready).toBe(false);
    expect(report.discover.problems.map((p: { code: string }) => p.code)).toEqual(['discover-not-git-root']);

    const again = await rozi(['extensions', 'new', 'my-extension']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
  });

  it('exits 1 for an invalid manifest and lists every error with code, message, path and line', async () => {
    const dir = extensionDir(
      'broken',
      '[extension]\nid = "broken"\napi = 1\nhomepage = "ftp://x"\n\n[[commands]]\nid = "run"\nexec = "python3 run.py"\n\n[settings]\nratio = 0.5\n',
    );
    const r = await rozi(['extensions', 'check', dir, '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.verdict).toBe('invalid');
    expect(report.errors).toEqual([
      {
        code: 'invalid-url',
        message: expect.stringContaining('http or https'),
        path: 'extension.homepage',
        line: 4,
      },
      {
        code: 'wrong-type',
        message: expect.stringContaining('list of strings'),
        path: 'commands[0].exec',
        line: 8,
      },
      { code: 'float-setting', message: expect.stringContaining('float'), path: 'settings.ratio', line: 11 },
    ]);
    expect(report.hints.map((h: { code: string }) => h.code)).toContain('exec-string');
  });

  it('exits 1 with verdict incompatible when min_rozi is newer, and prints it for people', async () => {
    const dir = extensionDir(
      'future',
      '[extension]\nid = "future"\napi = 1\nmin_rozi = "99.0.0"\nhomepage = "https://example.com/future"\n',
    );
    const r = await rozi(['extensions', 'check', dir, '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({
      verdict: 'incompatible',
      errors: [{ code: 'rozi-too-old', path: 'extension.min_rozi', line: 4 }],
    });
    expect(report.metadata).toEqual({ min_rozi: '99.0.0', homepage: 'https://example.com/future' });
    const text = await rozi(['extensions', 'check', dir, '--format', 'text']);
    expect(text.stdout).toMatch(/^future: incompatible/);
    expect(text.stdout).toMatch(/homepage: https:\/\/example.com\/future/);
  });

  it('reports a snapshot link outside the extension only when contributions are placed', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'rozi-outside-'));
    writeFileSync(join(outside, 'lib.py'), 'x = 1\n');
    const placed = extensionDir(
      'placed',
      '[extension]\nid = "placed"\napi = 1\n\n[[services]]\nname = "w"\nexec = ["python3", "./w.py"]\nplacement = "each-host"\n',
      ['w.py'],
    );
    symlinkSync(join(outside, 'lib.py'), join(placed, 'lib.py'));
    const client = extensionDir(
      'client',
      '[extension]\nid = "client"\napi = 1\n\n[[services]]\nname = "w"\nexec = ["python3", "{extension_dir}/w.py"]\n',
      ['w.py'],
    );
    symlinkSync(join(outside, 'lib.py'), join(client, 'lib.py'));
    const [p, c] = await Promise.all([
      rozi(['extensions', 'check', placed, '--json']),
      rozi(['extensions', 'check', client, '--json']),
    ]);
    rmSync(outside, { recursive: true, force: true });
    expect(JSON.parse(p.stdout).errors.map((e: { code: string }) => e.code)).toEqual(['snapshot-link']);
    expect(p.code).toBe(1);
    expect(JSON.parse(c.stdout).verdict).toBe('valid');
    expect(c.code).toBe(0);
  });

  it('answers a 2 MiB manifest with one too-large error, quickly', async () => {
    const dir = extensionDir(
      'huge',
      `[extension]\nid = "huge"\napi = 1\ndescription = "${'x'.repeat(2 * 1024 * 1024)}"\n`,
    );
    const started = Date.now();
    const r = await rozi(['extensions', 'check', dir, '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).errors.map((e: { code: string }) => e.code)).toEqual(['too-large']);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('fails with a one-line error for a directory without a manifest', async () => {
    const r = await rozi(['extensions', 'check', join(work, 'nope'), '--format', 'json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      ok: false,
      error: expect.stringContaining('no such directory'),
      code: 'not-found',
    });
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('rozi extensions check: Discover facts from disk', () => {
  it('is ready at the root of a git repository with metadata and a real PNG screenshot', async () => {
    const dir = extensionDir(
      'gallery',
      '[extension]\nid = "gallery"\ntitle = "Gallery"\ndescription = "Pictures"\nversion = "1.0.0"\napi = 1\nscreenshots = ["docs/shot.png", "docs/fake.webp"]\n',
    );
    mkdirSync(join(dir, '.git'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(
      join(dir, 'docs', 'shot.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
    );
    writeFileSync(join(dir, 'docs', 'fake.webp'), 'not an image');
    const r = await roziInProcess(['extensions', 'check', dir, '--json']);
    const report = JSON.parse(r.stdout);
    expect(report.verdict).toBe('valid');
    expect(report.discover).toEqual({
      ready: false,
      problems: [{ code: 'discover-screenshot-type', message: expect.stringContaining('docs/fake.webp') }],
    });
    writeFileSync(
      join(dir, 'extension.toml'),
      '[extension]\nid = "gallery"\ntitle = "Gallery"\ndescription = "Pictures"\nversion = "1.0.0"\napi = 1\nscreenshots = ["docs/shot.png"]\n',
    );
    expect(JSON.parse((await roziInProcess(['extensions', 'check', dir, '--json'])).stdout).discover).toEqual(
      { ready: true, problems: [] },
    );
  });
});

describe('rozi extensions check over every manifest fixture', () => {
  const here = platformName(process.platform);
  // Snapshot problems come from real links (covered above) and other platforms from the pure
  // fixture test; everything else is reproduced on disk with the files the fixture names.
  const onDisk = loadFixtures().filter(
    (f) => !f.options.snapshot?.problems.length && f.options.platform === here,
  );
  it('covers most of the fixture set', () => expect(onDisk.length).toBeGreaterThan(180));
  for (const f of onDisk) {
    it(f.name, async () => {
      const dir = extensionDir(`fixture-${f.name}`, f.text, [...(f.options.snapshot?.files ?? [])]);
      const r = await roziInProcess(['extensions', 'check', dir, '--json']);
      const report = JSON.parse(r.stdout);
      expect(report.verdict).toBe(f.verdict);
      expect(report.errors.map((e: { code: string; path: string }) => `${e.code} ${e.path}`).sort()).toEqual(
        f.errors.map((e) => `${e.code} ${e.path}`).sort(),
      );
      expect(r.code).toBe(f.verdict === 'valid' ? 0 : 1);
    });
  }
});
