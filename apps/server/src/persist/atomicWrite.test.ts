// The one atomic write against a real nearly-full filesystem (a small tmpfs) and the usual
// faults: the old file must survive every failure whole, with its mode, and the caller must hear.
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountSmallDisk, type SmallDisk } from '../../test/smallDisk';
import { writeFileAtomic } from './atomicWrite';

let disk: SmallDisk;
beforeAll(() => {
  disk = mountSmallDisk(256);
});
afterAll(() => disk.unmount());

describe('writeFileAtomic', () => {
  it('on a nearly full disk: throws, leaves the old file whole and no temp file', () => {
    const file = join(disk.dir, 'config.toml');
    const old = '# my config\n[keys]\nsplit-right = "ctrl-a v"\n';
    writeFileSync(file, old, { mode: 0o640 });
    disk.fill(16 * 1024);
    try {
      const big = 'x = 1\n'.repeat(20_000); // 120 KB, far more than is free
      expect(() => writeFileAtomic(file, big)).toThrow(/no space left.*previous file is unchanged/);
      expect(readFileSync(file, 'utf8')).toBe(old);
      expect(readdirSync(disk.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      disk.free();
    }
  });

  it('writes every byte of a large file when there is room, keeping the mode', () => {
    const file = join(disk.dir, 'snapshot.json');
    writeFileSync(file, '{}');
    chmodSync(file, 0o640);
    const big = Buffer.alloc(150 * 1024, 0x61);
    writeFileAtomic(file, big);
    expect(readFileSync(file).equals(big)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });

  it('creates a new file 0600 by default (whatever the umask) or with the mode asked', () => {
    const old = process.umask(0o000);
    try {
      writeFileAtomic(join(disk.dir, 'token'), 'secret\n');
      writeFileAtomic(join(disk.dir, 'index.json'), '{}\n', { mode: 0o644 });
    } finally {
      process.umask(old);
    }
    expect(statSync(join(disk.dir, 'token')).mode & 0o777).toBe(0o600);
    expect(statSync(join(disk.dir, 'index.json')).mode & 0o777).toBe(0o644);
  });

  it('writes through a symlink, so a linked config.toml stays a link', () => {
    const real = join(disk.dir, 'dotfiles');
    mkdirSync(real);
    writeFileSync(join(real, 'config.toml'), 'a = 1\n');
    symlinkSync(join(real, 'config.toml'), join(disk.dir, 'linked.toml'));
    writeFileAtomic(join(disk.dir, 'linked.toml'), 'a = 2\n');
    expect(readFileSync(join(real, 'config.toml'), 'utf8')).toBe('a = 2\n');
    expect(statSync(join(disk.dir, 'linked.toml')).isFile()).toBe(true);
    expect(readdirSync(disk.dir)).toContain('linked.toml');
  });

  it('reports a write into a missing directory and changes nothing', () => {
    const dir = join(disk.dir, 'locked');
    mkdirSync(dir);
    writeFileSync(join(dir, 'f'), 'old');
    expect(() => writeFileAtomic(join(dir, 'missing-dir', 'f'), 'new')).toThrow(/previous file is unchanged/);
    expect(readFileSync(join(dir, 'f'), 'utf8')).toBe('old');
  });
});
