// The registry lock with real concurrent processes: two writers adding entries one update at a
// time lose none; two concurrent installs both land; a lock left by a dead process is taken over.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRegistry } from './registry';
import { REGISTRY_LOCK_FILE, withRegistryLock } from './registryLock';

const TSX = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
const WRITER = fileURLToPath(new URL('../../test/fixtures/processes/registryWriter.ts', import.meta.url));

let root: string;
let extensionsDir: string;

function writer(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [WRITER, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? -1));
  });
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rozi-lock-'));
  extensionsDir = join(root, 'extensions');
  mkdirSync(extensionsDir);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('registry lock', () => {
  it('two processes updating the registry at once lose no update', async () => {
    const codes = await Promise.all([
      writer(['entries', extensionsDir, 'a', '150']),
      writer(['entries', extensionsDir, 'b', '150']),
    ]);
    expect(codes).toEqual([0, 0]);
    const ids = readRegistry(extensionsDir).registry.extensions.map((e) => e.id);
    expect(ids.length).toBe(300);
    expect(existsSync(join(extensionsDir, REGISTRY_LOCK_FILE))).toBe(false);
  });

  it('two concurrent installs both land in the registry', async () => {
    const sources = ['one', 'two'].map((id) => {
      const dir = join(root, id);
      mkdirSync(dir);
      writeFileSync(
        join(dir, 'extension.toml'),
        `[extension]\nid = "${id}"\napi = 1\n\n[[commands]]\nid = "c"\nlabel = "C"\nexec = ["true"]\n`,
      );
      return dir;
    });
    expect(await Promise.all(sources.map((s) => writer(['install', extensionsDir, s])))).toEqual([0, 0]);
    expect(readRegistry(extensionsDir).registry.extensions.map((e) => e.id)).toEqual(['one', 'two']);
  });

  it('takes over a lock whose holder died, and waits for a live one', () => {
    // pid 2^22 + 1 is above Linux's pid_max default, so no process holds it.
    writeFileSync(join(extensionsDir, REGISTRY_LOCK_FILE), `${4194305} ${Date.now()}\n`);
    expect(withRegistryLock(extensionsDir, () => 'ran')).toBe('ran');
    writeFileSync(join(extensionsDir, REGISTRY_LOCK_FILE), `${process.ppid} ${Date.now()}\n`);
    expect(() => withRegistryLock(extensionsDir, () => 'ran', { timeoutMs: 100 })).toThrow(
      /another rozi is changing the extension registry/,
    );
  });
});
