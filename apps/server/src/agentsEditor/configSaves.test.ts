import {
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  existsSync,
  readdirSync,
  chmodSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigSaves, UndoRefused } from './configSaves';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rozi-saves-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// Bytes a text editor would not normalise: CRLF, a BOM, trailing spaces, no final newline.
const ORIGINAL = Buffer.from('\ufeff# mine\r\ntheme = "dark"   \r\n\r\n[keys]\r\nprefix = "ctrl-b"', 'utf8');

describe('ConfigSaves', () => {
  it('undo restores the previous bytes exactly, and keeps the file mode', async () => {
    const file = join(dir, 'config.toml');
    writeFileSync(file, ORIGINAL);
    chmodSync(file, 0o640);
    const saves = new ConfigSaves({ file });
    await saves.save('save of a', (text) => ({ text: `${text}\n[[agents]]\nid = "a"\n` }));
    expect(readFileSync(file).equals(ORIGINAL)).toBe(false);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(saves.last()?.label).toBe('save of a');
    const undone = await saves.undo();
    expect(undone).toEqual({ label: 'save of a', restored: 'previous' });
    expect(readFileSync(file).equals(ORIGINAL)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(saves.last()).toBeNull();
    // No temp files left behind.
    expect(readdirSync(dir)).toEqual(['config.toml']);
  });

  it('undoes saves in turn, and removes a file that did not exist before', async () => {
    const file = join(dir, 'sub', 'config.toml');
    const saves = new ConfigSaves({ file });
    await saves.save('first', () => ({ text: 'a = 1\n' }));
    await saves.save('second', (t) => ({ text: `${t}b = 2\n` }));
    expect(readFileSync(file, 'utf8')).toBe('a = 1\nb = 2\n');
    await saves.undo();
    expect(readFileSync(file, 'utf8')).toBe('a = 1\n');
    expect((await saves.undo()).restored).toBe('removed');
    expect(existsSync(file)).toBe(false);
    await expect(saves.undo()).rejects.toThrow(/nothing to undo/);
  });

  it('refuses to undo over a hand edit made after the save', async () => {
    const file = join(dir, 'config.toml');
    writeFileSync(file, ORIGINAL);
    const saves = new ConfigSaves({ file });
    await saves.save('save of a', (t) => ({ text: `${t}\nx = 1\n` }));
    writeFileSync(file, 'edited by hand\n');
    await expect(saves.undo()).rejects.toBeInstanceOf(UndoRefused);
    expect(readFileSync(file, 'utf8')).toBe('edited by hand\n');
  });

  it('writes nothing when the edit refuses', async () => {
    const file = join(dir, 'config.toml');
    writeFileSync(file, ORIGINAL);
    const saves = new ConfigSaves({ file });
    expect(await saves.save('bad', () => ({ error: 'no' }))).toEqual({ error: 'no' });
    expect(readFileSync(file).equals(ORIGINAL)).toBe(true);
    expect(saves.last()).toBeNull();
  });
});
