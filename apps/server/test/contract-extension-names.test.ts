// rozi's extensions.md "Validate and debug" as an outsider types it: `rozi new-extension`,
// `rozi check-extension DIR [--json]` and `rozi list-extensions [--json]`, with rozi's tooling JSON
// ({"schema_version":1,"extension"} / {"schema_version":1,"extensions":[…]}); the project's
// `extensions check/list` keep the seeds' shapes beside them.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from './harness';

let home: string;
let work: string;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'rozi-ext-names-home-'));
  work = mkdtempSync(join(tmpdir(), 'rozi-ext-names-'));
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

/** The real bin with no server running (these verbs read the disk then). */
function rozi(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    LANG: 'C.UTF-8',
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CONFIG_HOME: join(home, '.config'),
    ROZI_SOCKET: join(home, 'rozi.sock'),
  };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: work, env, timeout: 120_000, maxBuffer: 8 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code =
          err && typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 0;
        resolve({ code: err && code === 0 ? 1 : code, stdout, stderr });
      },
    );
  });
}

describe("rozi's extension verb names", () => {
  it('new-extension scaffolds, check-extension --json answers {schema_version, extension}', async () => {
    const made = await rozi(['new-extension', 'my-extension']);
    expect(made.code, made.stderr).toBe(0);
    const json = await rozi(['check-extension', './my-extension', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const body = JSON.parse(json.stdout) as { schema_version: number; extension: Record<string, unknown> };
    expect(Object.keys(body).sort()).toEqual(['extension', 'schema_version']);
    expect(body.schema_version).toBe(1);
    expect(body.extension).toMatchObject({ id: 'my-extension', verdict: 'valid', errors: [], hints: [] });
    // The project's name keeps the seeds' report at top level.
    const seeds = JSON.parse((await rozi(['extensions', 'check', './my-extension', '--json'])).stdout) as {
      id: string;
    };
    expect(seeds.id).toBe('my-extension');
    const human = await rozi(['check-extension', './my-extension', '--format', 'text']);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('my-extension');

    // An invalid manifest: exit 1, the errors in the report; a missing directory: one line.
    mkdirSync(join(work, 'broken'));
    writeFileSync(join(work, 'broken', 'extension.toml'), '[extension]\nid = "Broken Id"\napi = 1\n');
    const broken = await rozi(['check-extension', './broken', '--json']);
    expect(broken.code).toBe(1);
    const report = (JSON.parse(broken.stdout) as { extension: { verdict: string; errors: unknown[] } })
      .extension;
    expect(report.verdict).not.toBe('valid');
    expect(report.errors.length).toBeGreaterThan(0);
    const missing = await rozi(['check-extension', './nope']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  }, 300_000);

  it('list-extensions --json answers {schema_version, extensions} with a hand-cloned extension', async () => {
    const empty = await rozi(['list-extensions', '--json']);
    expect(empty.code, empty.stderr).toBe(0);
    expect(JSON.parse(empty.stdout)).toEqual({ schema_version: 1, extensions: [] });
    // rozi's way of installing: clone into the extensions folder by hand.
    cpSync(join(work, 'my-extension'), join(home, '.local', 'share', 'rozi', 'extensions', 'my-extension'), {
      recursive: true,
    });
    const listed = await rozi(['list-extensions', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const body = JSON.parse(listed.stdout) as {
      schema_version: number;
      extensions: Array<{ id: string; managed: boolean; commands: Array<{ id: string }> }>;
    };
    expect(body.schema_version).toBe(1);
    expect(body.extensions).toHaveLength(1);
    expect(body.extensions[0]).toMatchObject({ id: 'my-extension', managed: false });
    expect(body.extensions[0]!.commands.map((c) => c.id)).toEqual(['my-extension.hello']);
    // The project's name: the bare list (seeds), the same rows.
    const seeds = JSON.parse((await rozi(['extensions', 'list', '--json'])).stdout) as unknown[];
    expect(seeds).toEqual(body.extensions);
    const text = await rozi(['list-extensions', '--format', 'text']);
    expect(text.stdout).toContain('my-extension');
  }, 300_000);
});
