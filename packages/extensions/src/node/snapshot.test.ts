import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshotFacts, takeSnapshot } from './snapshot';

let dir: string;
let outside: string;

function write(rel: string, content: string): void {
  const abs = join(dir, rel);
  mkdirSync(join(abs, '..'), { recursive: true });
  writeFileSync(abs, content);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rozi-snapshot-'));
  outside = mkdtempSync(join(tmpdir(), 'rozi-outside-'));
  write('extension.toml', '[extension]\nid = "x"\napi = 1\n');
  write('bin/hello.py', 'print("hi")\n');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('takeSnapshot', () => {
  it('lists files with / paths, leaving out VCS directories, __pycache__ and .pyc', async () => {
    write('.git/HEAD', 'ref: x');
    write('.hg/store', 'x');
    write('.svn/entries', 'x');
    write('bin/__pycache__/hello.cpython-311.pyc', 'x');
    write('lib/mod.pyc', 'x');
    write('lib/mod.py', 'x = 1\n');
    const snap = await takeSnapshot(dir);
    expect(snap.files.map((f) => f.path)).toEqual(['bin/hello.py', 'extension.toml', 'lib/mod.py']);
    expect(snap.problems).toEqual([]);
    expect(snap.totalBytes).toBe(snap.files.reduce((n, f) => n + f.size, 0));
  });

  it('takes a link to a file inside as that file, and reports links to directories, outside or nowhere', async () => {
    symlinkSync(join(dir, 'bin', 'hello.py'), join(dir, 'hello-link.py'));
    symlinkSync(join(dir, 'bin'), join(dir, 'bin-link'));
    writeFileSync(join(outside, 'secret'), 'x');
    symlinkSync(join(outside, 'secret'), join(dir, 'secret-link'));
    symlinkSync(join(dir, 'missing'), join(dir, 'dangling'));
    const snap = await takeSnapshot(dir);
    const link = snap.files.find((f) => f.path === 'hello-link.py');
    expect(link?.linkTarget).toBe('bin/hello.py');
    expect(snap.problems.map((p) => `${p.code} ${p.path}`).sort()).toEqual([
      'snapshot-link bin-link',
      'snapshot-link dangling',
      'snapshot-link secret-link',
    ]);
    expect(snapshotFacts(snap).problems).toHaveLength(3);
  });

  it('stops at the file and byte limits with one problem', async () => {
    for (let i = 0; i < 10; i++) write(`data/f${i}.txt`, 'x'.repeat(100));
    const byFiles = await takeSnapshot(dir, { maxFiles: 5, digest: true });
    expect(byFiles.problems.map((p) => p.code)).toEqual(['snapshot-too-large']);
    expect(byFiles.digest).toBeUndefined();
    const byBytes = await takeSnapshot(dir, { maxBytes: 500 });
    expect(byBytes.problems.map((p) => p.code)).toEqual(['snapshot-too-large']);
  });

  it('digests paths, modes and contents: stable, and changed by any edit', async () => {
    const a = await takeSnapshot(dir, { digest: true });
    const b = await takeSnapshot(dir, { digest: true });
    expect(a.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(b.digest).toBe(a.digest);
    write('bin/hello.py', 'print("hi!")\n');
    const edited = await takeSnapshot(dir, { digest: true });
    expect(edited.digest).not.toBe(a.digest);
    chmodSync(join(dir, 'bin', 'hello.py'), 0o755);
    const chmodded = await takeSnapshot(dir, { digest: true });
    expect(chmodded.digest).not.toBe(edited.digest);
    write('__pycache__/x.pyc', 'ignored');
    expect((await takeSnapshot(dir, { digest: true })).digest).toBe(chmodded.digest);
  });
});
