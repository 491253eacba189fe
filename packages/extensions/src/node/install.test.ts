// Install from real git repositories in a temp HOME: nothing the repository holds may run.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  installExtension,
  InstallError,
  removeExtension,
  setEnabled,
  updateExtension,
  type ExtensionDirs,
} from './install';
import { readRegistry } from './registry';
import { loadInstalled } from './registryLoad';
import { takeSnapshot } from './snapshot';
import { stateDirOf } from './state';

let root: string;
let home: string;
let marks: string;
let dirs: ExtensionDirs;
let env: NodeJS.ProcessEnv;
/** Fixtures are built with a plain git config; only the install sees the hostile one. */
let setupEnv: NodeJS.ProcessEnv;

function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.email=t@t', '-c', 'user.name=t', '-c', 'protocol.file.allow=always', ...args],
    { cwd, env: setupEnv, encoding: 'utf8' },
  ).trim();
}

function manifest(id: string, extra = ''): string {
  return `[extension]\nid = "${id}"\ntitle = "T"\nversion = "0.1.0"\napi = 1\n\n[[commands]]\nid = "hello"\nexec = ["sh", "{extension_dir}/hello.sh"]\n${extra}`;
}

function makeRepo(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'init');
  return dir;
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rozi-inst-'));
  home = join(root, 'home');
  marks = join(root, 'marks');
  mkdirSync(home);
  mkdirSync(marks);
  // The user's own git config tries every trick a clone could trigger: a global hooks dir, an
  // LFS smudge filter that runs a program, fsmonitor. The install must defuse all of them.
  const hooks = join(home, 'hooks');
  mkdirSync(hooks);
  for (const h of ['post-checkout', 'post-merge', 'reference-transaction']) {
    writeFileSync(join(hooks, h), `#!/bin/sh\ntouch ${marks}/global-${h}\n`);
    chmodSync(join(hooks, h), 0o755);
  }
  writeFileSync(
    join(home, '.gitconfig'),
    `[filter "lfs"]\n\tsmudge = sh -c 'touch ${marks}/lfs-smudge; cat'\n\tprocess = sh -c 'touch ${marks}/lfs-process'\n\trequired = true\n[core]\n\tfsmonitor = sh -c 'touch ${marks}/fsmonitor'\n\thooksPath = ${hooks}\n`,
  );
  env = { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: '1' };
  mkdirSync(join(root, 'setup-home'));
  setupEnv = { PATH: process.env.PATH, HOME: join(root, 'setup-home'), GIT_CONFIG_NOSYSTEM: '1' };
  dirs = {
    extensionsDir: join(root, 'data', 'extensions'),
    stateRoot: join(root, 'state'),
    logRoot: join(root, 'state', 'logs'),
  };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof InstallError) return err.code;
    throw err;
  }
}

describe('installExtension', () => {
  it('clones a repository holding a git hook, a submodule, an LFS file and a postinstall script: nothing runs', async () => {
    const sub = makeRepo('sub', { 'evil.sh': `touch ${marks}/submodule\n` });
    const repo = makeRepo('repo', {
      'extension.toml': manifest('safe'),
      'hello.sh': 'echo hello\n',
      'package.json': JSON.stringify({
        name: 'x',
        scripts: { postinstall: `touch ${marks}/postinstall`, preinstall: `touch ${marks}/preinstall` },
      }),
      '.gitattributes': '*.bin filter=lfs diff=lfs merge=lfs -text\n',
      'data.bin': 'version https://git-lfs.github.com/spec/v1\noid sha256:0\nsize 1\n',
    });
    git(repo, 'submodule', 'add', '-q', sub, 'vendor/sub');
    git(repo, 'commit', '-qm', 'sub');
    writeFileSync(join(repo, '.git', 'hooks', 'post-checkout'), `#!/bin/sh\ntouch ${marks}/repo-hook\n`);
    chmodSync(join(repo, '.git', 'hooks', 'post-checkout'), 0o755);

    const out = await installExtension({ dirs, source: repo, env, cwd: root });
    expect(out.entry).toMatchObject({ id: 'safe', enabled: true, source: { kind: 'git', ref: null } });
    expect(out.entry.commit).toBe(git(repo, 'rev-parse', 'HEAD'));
    expect(out.entry.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(readdirSync(marks)).toEqual([]);
    expect(readdirSync(join(dirs.extensionsDir, 'safe', 'vendor', 'sub'))).toEqual([]);
    expect(readFileSync(join(dirs.extensionsDir, 'safe', 'data.bin'), 'utf8')).toContain('git-lfs');
    expect(statSync(stateDirOf(dirs.stateRoot, 'safe')).mode & 0o777).toBe(0o700);
    expect(readRegistry(dirs.extensionsDir).registry.extensions.map((e) => e.id)).toEqual(['safe']);
  });

  it('refuses transports that run programs or are not file, https or ssh', async () => {
    for (const source of [
      `ext::sh -c touch% ${marks}/ext`,
      'fd::3',
      'git://example.com/x.git',
      'http://example.com/x.git',
      '--upload-pack=touch',
      join(root, 'nope'),
    ]) {
      expect(await code(installExtension({ dirs, source, env, cwd: root }))).toBe('bad-source');
    }
    expect(readdirSync(marks)).toEqual([]);
  });

  it('a failed install leaves nothing behind', async () => {
    const bad = makeRepo('bad', { 'extension.toml': '[extension]\nid = "Bad Id"\napi = 1\n' });
    expect(await code(installExtension({ dirs, source: bad, env, cwd: root }))).toBe('invalid-manifest');
    const big = makeRepo('big', { 'extension.toml': manifest('big'), 'blob.txt': 'x'.repeat(300_000) });
    expect(
      await code(
        installExtension({
          dirs,
          source: big,
          env,
          cwd: root,
          limits: { maxBytes: 100_000, maxFiles: 1000, timeoutMs: 30_000 },
        }),
      ),
    ).toBe('too-large');
    expect(await code(installExtension({ dirs, source: big, env, cwd: root, ref: 'no-such-branch' }))).toBe(
      'git-failed',
    );
    expect(existsSync(dirs.extensionsDir) ? readdirSync(dirs.extensionsDir) : []).toEqual([]);
  });

  it('pins --ref, refuses a second install of the same id, and updates with a contribution diff', async () => {
    const repo = makeRepo('repo', { 'extension.toml': manifest('tasks'), 'hello.sh': 'echo 1\n' });
    const first = git(repo, 'rev-parse', 'HEAD');
    git(repo, 'checkout', '-q', '-b', 'stable');
    git(repo, 'checkout', '-q', 'main');
    await installExtension({ dirs, source: `file://${repo}`, ref: 'stable', env, cwd: root });
    expect(await code(installExtension({ dirs, source: repo, env, cwd: root }))).toBe('already-installed');

    writeFileSync(
      join(repo, 'extension.toml'),
      manifest('tasks', '\n[[services]]\nname = "watch"\nexec = ["sleep", "60"]\n').replace('0.1.0', '0.2.0'),
    );
    git(repo, 'commit', '-qam', 'v2');
    // The pinned branch has not moved: nothing to do.
    expect((await updateExtension({ dirs, id: 'tasks', env })).status).toBe('up-to-date');
    git(repo, 'branch', '-f', 'stable', 'main');
    const dry = await updateExtension({ dirs, id: 'tasks', env, dryRun: true });
    expect(dry).toMatchObject({
      status: 'would-update',
      commitFrom: first,
      diff: {
        versionFrom: '0.1.0',
        versionTo: '0.2.0',
        changes: [{ kind: 'added', section: 'services', id: 'watch' }],
      },
    });
    expect(readFileSync(join(dirs.extensionsDir, 'tasks', 'extension.toml'), 'utf8')).not.toContain('watch');
    const done = await updateExtension({ dirs, id: 'tasks', env });
    expect(done.status).toBe('updated');
    expect(readFileSync(join(dirs.extensionsDir, 'tasks', 'extension.toml'), 'utf8')).toContain('watch');
    expect(readRegistry(dirs.extensionsDir).registry.extensions[0]?.commit).toBe(
      git(repo, 'rev-parse', 'HEAD'),
    );
  });

  it('links a directory, enables and disables, keeps state on remove and deletes it on purge', async () => {
    const dir = join(root, 'checkout');
    mkdirSync(dir);
    writeFileSync(join(dir, 'extension.toml'), manifest('linked'));
    writeFileSync(join(dir, 'hello.sh'), 'echo hi\n');
    const out = await installExtension({ dirs, source: dir, link: true, env, cwd: root });
    expect(lstatSync(out.entry.dir).isSymbolicLink()).toBe(true);
    expect(setEnabled({ dirs, id: 'linked', enabled: false }).changed).toBe(true);
    expect(loadInstalled(dirs.extensionsDir).extensions[0]?.state).toBe('disabled');
    writeFileSync(join(stateDirOf(dirs.stateRoot, 'linked'), 'history.json'), '[]');
    removeExtension({ dirs, id: 'linked' });
    expect(existsSync(join(dir, 'extension.toml'))).toBe(true); // the user's checkout is untouched
    expect(existsSync(join(stateDirOf(dirs.stateRoot, 'linked'), 'history.json'))).toBe(true);
    await installExtension({ dirs, source: dir, link: true, env, cwd: root });
    removeExtension({ dirs, id: 'linked', purge: true });
    expect(existsSync(stateDirOf(dirs.stateRoot, 'linked'))).toBe(false);
  });

  it('one broken extension never disturbs the others', async () => {
    const a = makeRepo('a', { 'extension.toml': manifest('alpha') });
    const b = makeRepo('b', { 'extension.toml': manifest('beta') });
    await installExtension({ dirs, source: a, env, cwd: root });
    await installExtension({ dirs, source: b, env, cwd: root });
    writeFileSync(join(dirs.extensionsDir, 'alpha', 'extension.toml'), '[extension\n');
    const loaded = loadInstalled(dirs.extensionsDir).extensions;
    expect(loaded.map((l) => `${l.entry.id}:${l.state}`)).toEqual(['alpha:invalid', 'beta:enabled']);
    expect(loaded[0]?.problem).toMatch(/invalid manifest/);
  });

  it('one snapshot walk for install and load: a link loop cannot spin, a link outside invalidates only an extension with placed contributions', async () => {
    const dir = join(root, 'links');
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'secret\n');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    writeFileSync(join(dir, 'extension.toml'), manifest('links'));
    writeFileSync(join(dir, 'hello.sh'), 'echo hi\n');
    symlinkSync('..', join(dir, 'sub', 'loop')); // a directory link back up: a naive walk never ends
    symlinkSync(outside, join(dir, 'outside-link'));
    const out = await installExtension({ dirs, source: dir, link: true, env, cwd: root });
    expect(out.entry.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    // The digest is the snapshot's: the outside file is not part of it.
    expect((await takeSnapshot(dir, { digest: true })).digest).toBe(out.entry.digest);
    expect(loadInstalled(dirs.extensionsDir).extensions[0]?.state).toBe('enabled');
    // With an action (a placed contribution) the same links make the extension invalid.
    writeFileSync(
      join(dir, 'extension.toml'),
      manifest(
        'links',
        '\n[[actions]]\nid = "a"\ntitle = "A"\nexec = ["./hello.sh"]\nargs_schema = {}\nresult_schema = {}\n',
      ),
    );
    const loaded = loadInstalled(dirs.extensionsDir).extensions[0];
    expect(loaded?.state).toBe('invalid');
    expect(loaded?.check?.errors.map((e) => e.message).join('\n')).toMatch(
      /outside-link is a symbolic link to .*outside the extension/,
    );
    expect(loaded?.check?.errors.map((e) => e.message).join('\n')).toMatch(/sub\/loop is a symbolic link/);
  });
});
