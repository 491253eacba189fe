// Index build over real local git repositories: listed entries pin the head commit, an invalid
// manifest lands in skipped.json with every reason, and no hook (the repository's own or one a
// git template would install) ever runs. The shipped default index matches the bundled examples.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_GIT_ENV } from '../../test/testGit';
import { materializeBundled } from './bundledRepos';
import { buildIndex, parseReposFile, writeIndexFiles } from './indexBuild';
import { defaultIndexPath, indexLocation, loadIndex } from './indexSource';

const root = mkdtempSync(join(tmpdir(), 'rozi-index-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const gitEnv = TEST_GIT_ENV;

function repo(name: string, files: Record<string, string>): { url: string; dir: string; head: string } {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir, env: gitEnv });
  execFileSync('git', ['add', '-A'], { cwd: dir, env: gitEnv });
  execFileSync('git', ['commit', '-qm', 'init'], { cwd: dir, env: gitEnv });
  return {
    url: pathToFileURL(dir).href,
    dir,
    head: execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir }).toString().trim(),
  };
}

const marker = join(root, 'HOOK-RAN');
const hookScript = `#!/bin/sh\necho "$0" >> '${marker}'\n`;

function hookTemplate(): string {
  const t = join(root, 'template');
  mkdirSync(join(t, 'hooks'), { recursive: true });
  for (const h of [
    'post-checkout',
    'reference-transaction',
    'post-merge',
    'pre-auto-gc',
    'post-index-change',
  ]) {
    writeFileSync(join(t, 'hooks', h), hookScript);
    chmodSync(join(t, 'hooks', h), 0o755);
  }
  return t;
}

describe('rozi extensions index build', () => {
  it('lists valid repositories at their exact head, skips invalid ones with reasons, runs no hook', async () => {
    const good = repo('good', {
      'extension.toml':
        '[extension]\nid = "good"\ntitle = "Good"\ndescription = "Fine"\nversion = "1.2.3"\napi = 1\n\n[[commands]]\nid = "go"\nlabel = "Go"\nexec = ["sh", "-c", "true"]\nkey = "g"\n',
      // Would be a hook if anything installed it: nothing may.
      'hooks/post-checkout': hookScript,
    });
    const repoHook = join(good.dir, '.git', 'hooks', 'post-checkout');
    writeFileSync(repoHook, hookScript);
    chmodSync(repoHook, 0o755);
    const bad = repo('bad', {
      'extension.toml': '[extension]\nid = "Bad Id"\napi = 1\nhomepage = "ftp://x"\n',
    });
    const none = repo('none', { 'README.md': '# nothing here\n' });
    const template = hookTemplate();

    const r = await buildIndex({
      repos: [good.url, bad.url, none.url, pathToFileURL(join(root, 'missing')).href],
      env: { ...gitEnv, GIT_TEMPLATE_DIR: template },
      roziVersion: '0.1.0',
      platform: 'linux',
    });

    expect(r.index.extensions).toHaveLength(1);
    const e = r.index.extensions[0];
    expect(e).toMatchObject({
      id: 'good',
      title: 'Good',
      version: '1.2.3',
      repo: good.url,
      commit: good.head,
      verdict: 'valid',
    });
    expect(e?.contributions).toMatchObject({ commands: 1, keys: 1, services: 0 });

    const byRepo = new Map(r.skipped.skipped.map((s) => [s.repo, s]));
    const badSkip = byRepo.get(bad.url);
    expect(badSkip?.commit).toBe(bad.head);
    expect(badSkip?.reasons.join('\n')).toMatch(/needs title/);
    expect(badSkip?.reasons.join('\n')).toMatch(/needs version/);
    expect(badSkip?.reasons.join('\n')).toMatch(/Bad Id/);
    expect(byRepo.get(none.url)?.reasons).toEqual(['no extension.toml at the repository root']);
    expect(byRepo.get(pathToFileURL(join(root, 'missing')).href)?.reasons[0]).toMatch(
      /^cannot read the default branch/,
    );

    expect(existsSync(marker)).toBe(false);
    // Control: the same template does run its hooks for a plain clone, so the check above can fail.
    execFileSync('git', ['clone', '-q', good.url, join(root, 'control')], {
      env: { ...gitEnv, GIT_TEMPLATE_DIR: template },
    });
    expect(existsSync(marker)).toBe(true);

    const out = join(root, 'out');
    const files = writeIndexFiles(out, r);
    expect(JSON.parse(readFileSync(files.index, 'utf8')).extensions[0].commit).toBe(good.head);
    expect(JSON.parse(readFileSync(files.skipped, 'utf8')).skipped).toHaveLength(3);
  });

  it('reads a repos file: one URL a line, comments and duplicates ignored', () => {
    expect(parseReposFile('# list\nfile:///a\n\nfile:///b  # second\nfile:///a\n')).toEqual([
      'file:///a',
      'file:///b',
    ]);
  });
});

describe('the shipped default index', () => {
  it('pins the commits the bundled examples materialise to on any machine', async () => {
    const index = await loadIndex({ kind: 'default', where: defaultIndexPath() });
    expect(index.problem).toBeNull();
    expect(index.entries.map((e) => e.id)).toContain('hello-python');
    for (const e of index.entries) {
      expect(e.repo).toMatch(/^bundled:/);
      const url = materializeBundled({
        name: e.repo.slice('bundled:'.length),
        root: join(root, 'bundled'),
        env: process.env,
      });
      const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: new URL(url).pathname })
        .toString()
        .trim();
      expect(head, `${e.id}: regenerate with scripts/build-default-discover-index.ts`).toBe(e.commit);
    }
  });

  it('is overridden by config.toml [discover] index, and that by ROZI_DISCOVER_INDEX', () => {
    const cfgDir = join(root, 'cfg');
    mkdirSync(cfgDir, { recursive: true });
    const configFile = join(cfgDir, 'config.toml');
    expect(indexLocation({ env: {}, configFile }).kind).toBe('default');
    writeFileSync(configFile, '[discover]\nindex = "idx/index.json"\n');
    expect(indexLocation({ env: {}, configFile })).toEqual({
      kind: 'config',
      where: join(cfgDir, 'idx/index.json'),
    });
    expect(indexLocation({ env: { ROZI_DISCOVER_INDEX: '/x/index.json' }, configFile })).toEqual({
      kind: 'env',
      where: '/x/index.json',
    });
  });
});
