import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeDirectory, SCAN_LIMIT } from './dirComplete';

let home: string;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'rozi-dircomplete-'));
  for (const d of ['src', 'srv', 'Sources', '.config', 'docs', 'src/app', 'src/api'])
    mkdirSync(join(home, d), { recursive: true });
  writeFileSync(join(home, 'src-notes.txt'), 'not a directory');
  symlinkSync(join(home, 'docs'), join(home, 'srclink'));
  mkdirSync(join(home, 'big'));
  for (let i = 0; i < SCAN_LIMIT + 20; i++) mkdirSync(join(home, 'big', `d${i}`));
});

afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('completeDirectory', () => {
  it('lists subdirectories of ~/ that start with what was typed, in the typed form, links to directories included', async () => {
    const r = await completeDirectory('~/sr', { home });
    expect(r).toEqual({ entries: ['~/src/', '~/srclink/', '~/srv/'], truncated: false, problem: null });
  });

  it('reads inside a directory once it ends in /, and absolute paths stay absolute', async () => {
    expect((await completeDirectory('~/src/', { home })).entries).toEqual(['~/src/api/', '~/src/app/']);
    expect((await completeDirectory(`${home}/src/ap`, { home })).entries).toEqual([
      `${home}/src/api/`,
      `${home}/src/app/`,
    ]);
  });

  it('hides dot directories unless a dot was typed; falls back to any case when nothing matches exactly', async () => {
    expect((await completeDirectory('~/', { home })).entries).not.toContain('~/.config/');
    expect((await completeDirectory('~/.c', { home })).entries).toEqual(['~/.config/']);
    expect((await completeDirectory('~/sou', { home })).entries).toEqual(['~/Sources/']);
    expect((await completeDirectory('~', { home })).entries).toContain('~/docs/');
  });

  it('is bounded: a limit of entries returned and of entries read', async () => {
    const few = await completeDirectory('~/big/d', { home, limit: 5 });
    expect(few.entries).toHaveLength(5);
    expect(few.truncated).toBe(true);
    const all = await completeDirectory('~/big/', { home, limit: 200 });
    expect(all.truncated).toBe(true);
  });

  it('answers one line for a directory part that cannot be read', async () => {
    expect(await completeDirectory('~/nope/x', { home })).toEqual({
      entries: [],
      truncated: false,
      problem: 'No such directory: ~/nope/',
    });
    expect((await completeDirectory('~/src-notes.txt/', { home })).problem).toBe(
      'Not a directory: ~/src-notes.txt/',
    );
  });
});
