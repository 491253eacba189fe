import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFixtureFile } from '@rozi/detect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  appendFixtureCase,
  fixtureRoots,
  listFixtures,
  normaliseScreen,
  serializeFixtureCase,
} from './fixtureLibrary';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rozi-fixtures-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('fixture cases', () => {
  it('serialises screens the way the shared files do and reads them back unchanged', () => {
    const screens = [
      "│ it's fine │\n  ⠹ Working...\n",
      'tab\there\n',
      "quotes ''' inside\n",
      'bell \u0007 char\n',
    ];
    for (const screen of screens) {
      const text = serializeFixtureCase({ name: 'x', state: 'working', title: '⠹ "pi"', screen });
      const parsed = parseFixtureFile(text, 'pi.toml');
      expect(parsed.errors).toEqual([]);
      expect(parsed.cases[0]).toEqual({ name: 'x', state: 'working', title: '⠹ "pi"', screen });
    }
    expect(serializeFixtureCase({ name: 'x', state: 'idle', screen: 'a\n' })).toBe(
      "[[case]]\nname = \"x\"\nstate = \"idle\"\nscreen = '''\na\n'''",
    );
  });

  it('strips trailing blanks like capture-pane output in the fixtures', () => {
    expect(normaliseScreen('a  \nb\t\n\n  \n')).toBe('a\nb\n');
    expect(normaliseScreen('\n\n')).toBe('');
  });

  it('appends to an existing file keeping its bytes, and refuses a duplicate name', async () => {
    const existing =
      '# notes about fake\nsource = "capture"\n\n[[case]]\nname = "one"\nstate = "idle"\nscreen = \'\'\'\nhello\n\'\'\'\n';
    writeFileSync(join(dir, 'fake.toml'), existing);
    const r = await appendFixtureCase({
      dir,
      agent: 'fake',
      today: '2026-01-02',
      case: { name: 'two', state: 'blocked', title: 't', screen: 'Allow?   \n1. Yes\n\n' },
    });
    expect(r.created).toBe(false);
    const text = readFileSync(r.file, 'utf8');
    expect(text.startsWith(existing)).toBe(true);
    expect(parseFixtureFile(text, r.file).cases.map((c) => [c.name, c.state, c.screen])).toEqual([
      ['one', 'idle', 'hello\n'],
      ['two', 'blocked', 'Allow?\n1. Yes\n'],
    ]);
    await expect(
      appendFixtureCase({
        dir,
        agent: 'fake',
        today: '2026-01-02',
        case: { name: 'two', state: 'idle', screen: 'x' },
      }),
    ).rejects.toThrow(/already has a case named 'two'/);
  });

  it('creates a new file with the format header, and lists it first', async () => {
    const r = await appendFixtureCase({
      dir,
      agent: 'newtool',
      today: '2026-01-02',
      case: { name: 'first', state: 'working', screen: '⠋ busy' },
    });
    expect(r.created).toBe(true);
    expect(readFileSync(r.file, 'utf8')).toMatch(/^source = "capture"\ncaptured_at = "2026-01-02"\n/);
    const files = await listFixtures(fixtureRoots(dir));
    expect(files[0]).toMatchObject({
      root: 'saved',
      agent: 'newtool',
      cases: [{ name: 'first', state: 'working', screen: '⠋ busy\n' }],
    });
    // The detect package's own evidence is always there; the shared folder when this checkout has one.
    expect(files.some((f) => f.root === 'detect')).toBe(true);
  });

  it('rejects a bad agent id and an empty screen', async () => {
    await expect(
      appendFixtureCase({
        dir,
        agent: '../x',
        today: '2026-01-02',
        case: { name: 'a', state: 'idle', screen: 'x' },
      }),
    ).rejects.toThrow(/agent id/);
    await expect(
      appendFixtureCase({
        dir,
        agent: 'x',
        today: '2026-01-02',
        case: { name: 'a', state: 'idle', screen: ' \n' },
      }),
    ).rejects.toThrow(/screen is empty/);
  });
});
