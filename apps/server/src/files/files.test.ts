import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltinTabs } from './builtinTabs';
import { gitState, parseNumstat, parseStatus } from './gitState';
import { cleanRel, listDirectory } from './listDir';
import { DirWatch } from './dirWatch';

let root: string;
beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'rozi-files-')));
  mkdirSync(join(root, 'src/deep'), { recursive: true });
  writeFileSync(join(root, 'src/a.ts'), 'a\n');
  writeFileSync(join(root, '.hidden'), '');
  writeFileSync(join(root, 'b.txt'), 'b\n');
  symlinkSync('..', join(root, 'src/up')); // back to the root: a loop
  symlinkSync('/etc', join(root, 'etc-link')); // out of the tree
  symlinkSync('self', join(root, 'self')); // a link to itself
  symlinkSync('nowhere', join(root, 'broken'));
  symlinkSync('src', join(root, 'src-link'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('listDirectory', () => {
  it('lists one level, directories first, links classified', async () => {
    const l = await listDirectory({ realRoot: root, rel: '', maxEntries: 100, showHidden: true });
    expect(l.entries.map((e) => e.name)).toEqual([
      'etc-link',
      'src',
      'src-link',
      '.hidden',
      'b.txt',
      'broken',
      'self',
    ]);
    const by = Object.fromEntries(l.entries.map((e) => [e.name, e]));
    expect(by['src-link']).toMatchObject({ kind: 'dir', link: 'ok' });
    expect(by['etc-link']).toMatchObject({ kind: 'dir', link: 'outside' });
    expect(by.self).toMatchObject({ link: 'loop' });
    expect(by.broken).toMatchObject({ link: 'broken' });
    expect(l.truncated).toBe(false);
    const sub = await listDirectory({ realRoot: root, rel: 'src', maxEntries: 100, showHidden: true });
    expect(sub.entries.find((e) => e.name === 'up')).toMatchObject({ kind: 'dir', link: 'loop' });
  });

  it('hides dot entries and stops at max_entries', async () => {
    const l = await listDirectory({ realRoot: root, rel: '', maxEntries: 2, showHidden: false });
    expect(l.entries).toHaveLength(2);
    expect(l.entries.some((e) => e.name.startsWith('.'))).toBe(false);
    expect(l.truncated).toBe(true);
  });

  it('refuses paths out of the tree, loops and links outside, each in one line', async () => {
    const bad = (rel: string) => listDirectory({ realRoot: root, rel, maxEntries: 10, showHidden: true });
    await expect(bad('../')).rejects.toThrow('leads out of the tree');
    await expect(bad('/etc')).rejects.toThrow('is not a path inside the tree');
    await expect(bad('etc-link')).rejects.toThrow(`etc-link links outside ${root}; not opened`);
    await expect(bad('src/up')).rejects.toThrow('src/up is a symlink loop');
    await expect(bad('self')).rejects.toThrow('self is a symlink loop');
    await expect(bad('nope')).rejects.toThrow('nope no longer exists');
    await expect(bad('b.txt')).rejects.toThrow('b.txt is not a directory');
    expect(() => cleanRel('a\0b')).toThrow('NUL');
    expect(cleanRel('src/./deep/')).toBe('src/deep');
  });

  it('says "no permission" for a directory it may not read (run as an unprivileged user)', () => {
    const locked = join(root, 'locked');
    mkdirSync(locked, { mode: 0o000 });
    writeFileSync(join(root, 'probe.mjs'), '');
    // Root reads everything, so the listing runs in a child as nobody when the tests run as root.
    const script = `import('${join(__dirname, 'listDir.ts')}').then(m => m.listDirectory({ realRoot: process.argv[1], rel: 'locked', maxEntries: 10, showHidden: true })).then(() => console.log('listed'), (e) => console.log(e.message))`;
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    execFileSync('chmod', ['755', root]);
    const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script, root], {
      encoding: 'utf8',
      timeout: 60_000,
      cwd: __dirname,
      ...asNobody,
    });
    expect(r.stdout.trim()).toBe('no permission to read locked');
  }, 90_000);

  it('reads max_entries of a 100,000-entry directory quickly and without blocking', async () => {
    const big = join(root, 'big');
    mkdirSync(big);
    for (let i = 0; i < 100_000; i++) writeFileSync(join(big, `f${i}`), '');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const t0 = performance.now();
    const l = await listDirectory({ realRoot: root, rel: 'big', maxEntries: 2000, showHidden: true });
    const ms = performance.now() - t0;
    clearInterval(timer);
    expect(l.entries).toHaveLength(2000);
    expect(l.truncated).toBe(true);
    expect(ms).toBeLessThan(2000);
    expect(ticks).toBeGreaterThan(0); // the event loop ran while it listed
    rmSync(big, { recursive: true });
  }, 120_000);
});

describe('git state', () => {
  it('parses porcelain status and numstat', () => {
    const s = parseStatus(
      '## main...origin/main [ahead 1]\0 M src/a.ts\0A  new.ts\0?? junk/\0D  gone.ts\0UU both.ts\0',
    );
    expect(s.branch).toBe('main');
    expect(s.changes.map((c) => `${c.marker} ${c.path}`)).toEqual([
      'M src/a.ts',
      'A new.ts',
      '? junk/',
      'D gone.ts',
      'U both.ts',
    ]);
    expect(parseStatus('## HEAD (no branch)\0').branch).toBeNull();
    expect(parseStatus('## No commits yet on trunk\0').branch).toBe('trunk');
    expect(parseNumstat('3\t1\tsrc/a.ts\0-\t-\tbin.png\0').get('src/a.ts')).toEqual({ added: 3, removed: 1 });
  });

  it('reads a real repository: branch, changes, stats, a checkout', async () => {
    const repo = join(root, 'repo');
    mkdirSync(join(repo, 'sub'), { recursive: true });
    const git = (...a: string[]) => execFileSync('git', ['-C', repo, ...a], { stdio: 'ignore' });
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 't@example.com');
    git('config', 'user.name', 't');
    writeFileSync(join(repo, 'sub/x.txt'), 'one\n');
    git('add', '.');
    git('commit', '-qm', 'one');
    writeFileSync(join(repo, 'sub/x.txt'), 'one\ntwo\n');
    writeFileSync(join(repo, 'new.txt'), '');
    const s = await gitState(join(repo, 'sub'), { diffStats: true });
    expect(s.repo).toBe(repo);
    expect(s.branch).toBe('main');
    expect(s.changes).toEqual([
      { path: 'sub/x.txt', marker: 'M', staged: false, added: 1, removed: 0 },
      { path: 'new.txt', marker: '?', staged: false, added: null, removed: null },
    ]);
    git('checkout', '-q', '-b', 'feature');
    expect((await gitState(repo, { diffStats: false })).branch).toBe('feature');
    git('checkout', '-q', '--detach');
    expect((await gitState(repo, { diffStats: false })).detached).toMatch(/^[0-9a-f]{7,}$/);
    expect(await gitState(tmpdir(), { diffStats: false })).toMatchObject({ repo: null, changes: [] });
  }, 60_000);
});

describe('[sidebar] tabs built-in entries', () => {
  it('reads strings and built-in tables, one warning per bad value', () => {
    const t = readBuiltinTabs({
      sidebar: {
        tabs: [
          'sessions',
          { name: 'files', show_hidden: false, max_entries: 50_000, on_click: { run: 'vim {path}' } },
          { name: 'todo', command: 'x' },
          'nope',
          { name: 'git', diff_stats: false, root: 'cwd' },
          'sessions',
        ],
      },
    });
    expect(t.tabs).toEqual(['sessions', 'files', 'git']);
    expect(t.files).toMatchObject({ showHidden: false, maxEntries: 2000, onClick: { kind: 'open' } });
    expect(t.git).toMatchObject({ diffStats: false, root: 'cwd' });
    expect(t.warnings).toEqual([
      'sidebar.tabs[1].max_entries: must be a whole number from 1 to 10000; using 2000',
      'sidebar.tabs[1].on_click: {path} is not substituted into run: use "$ROZI_FILE"; using "open in $EDITOR"',
      'sidebar.tabs[3]: "nope" is not a built-in tab (activity, panes, sessions, files, git); skipped',
      'sidebar.tabs[5]: "sessions" is listed twice; skipped',
    ]);
    const all = ['activity', 'panes', 'sessions', 'files', 'git'];
    expect(readBuiltinTabs({}).tabs).toEqual(all);
    expect(readBuiltinTabs({ sidebar: { tabs: [{ name: 'todo', command: 'x' }] } }).tabs).toEqual(all);
  });
});

describe('DirWatch', () => {
  it('reports a change in a leased directory once per window, and stops at its cap', async () => {
    const dir = join(root, 'watched');
    mkdirSync(dir);
    const seen: string[][] = [];
    const w = new DirWatch({ onChange: (d) => seen.push(d), max: 1, debounceMs: 100 });
    expect(w.lease([dir, join(root, 'src')])).toEqual({ watching: 1, full: true });
    writeFileSync(join(dir, 'one'), '');
    writeFileSync(join(dir, 'two'), '');
    await new Promise((r) => setTimeout(r, 400));
    w.stop();
    expect(seen).toEqual([[dir]]);
  });
});
