import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readHookScript } from './hookScript';
import { MAX_HOOK_SOURCE_BYTES } from './limits';

let root: string;
let extensionDir: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'rozi-hook-script-'));
  extensionDir = join(root, 'my-ext');
  await mkdir(join(extensionDir, 'hooks'), { recursive: true });
  await writeFile(join(extensionDir, 'hooks', 'blocked.js'), 'export default () => null\n');
  await writeFile(join(root, 'secret.js'), 'export default () => "outside"\n');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('readHookScript', () => {
  it('reads a module inside the extension directory', async () => {
    expect(await readHookScript({ extensionDir, script: './hooks/blocked.js', label: 'my-ext' })).toEqual({
      ok: true,
      source: 'export default () => null\n',
      filename: 'my-ext/hooks/blocked.js',
    });
  });

  it('refuses paths and symlinks that leave the extension directory', async () => {
    await symlink(join(root, 'secret.js'), join(extensionDir, 'hooks', 'link.js'));
    const cases = [
      '../secret.js',
      './hooks/link.js',
      join(root, 'secret.js'),
      './hooks/missing.js',
      './hooks/blocked.ts',
    ];
    const messages = [];
    for (const script of cases) {
      const result = await readHookScript({ extensionDir, script, label: 'my-ext' });
      expect(result.ok).toBe(false);
      if (!result.ok) messages.push(result.message);
    }
    expect(messages).toEqual([
      'my-ext: script "../secret.js" resolves outside the extension directory',
      'my-ext: script "./hooks/link.js" resolves outside the extension directory',
      `my-ext: script "${join(root, 'secret.js')}" must be a relative path to a .js or .mjs file`,
      `my-ext: script "./hooks/missing.js" does not exist in ${extensionDir}`,
      'my-ext: script "./hooks/blocked.ts" must be a relative path to a .js or .mjs file',
    ]);
  });

  it('refuses a module larger than the hook source limit', async () => {
    await writeFile(join(extensionDir, 'hooks', 'big.mjs'), 'x'.repeat(MAX_HOOK_SOURCE_BYTES + 1));
    const result = await readHookScript({ extensionDir, script: './hooks/big.mjs', label: 'my-ext' });
    expect(result).toEqual({
      ok: false,
      message: `my-ext: script "./hooks/big.mjs" is ${MAX_HOOK_SOURCE_BYTES + 1} bytes; hooks are limited to ${MAX_HOOK_SOURCE_BYTES}`,
    });
  });
});
