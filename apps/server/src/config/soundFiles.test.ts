import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSoundFile, SOUND_FILE_MAX_BYTES, soundFilePath, soundFileSetting } from './soundFiles';

const dir = mkdtempSync(join(tmpdir(), 'rozi-sounds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('[sounds] <cue>_file', () => {
  it('reads the setting as written, and nothing for unset, empty or non-string values', () => {
    expect(soundFileSetting({ sounds: { bell_file: ' ~/ding.wav ' } }, 'bell')).toBe('~/ding.wav');
    expect(soundFileSetting({ sounds: { bell_file: '' } }, 'bell')).toBeNull();
    expect(soundFileSetting({ sounds: { done_file: 3 } }, 'done')).toBeNull();
    expect(soundFileSetting({ sounds: 'x' }, 'error')).toBeNull();
    expect(soundFileSetting({}, 'blocked')).toBeNull();
  });

  it('expands ~/ and takes a relative path from the config directory', () => {
    expect(soundFilePath('~/a.wav', '/cfg', '/home/p')).toBe('/home/p/a.wav');
    expect(soundFilePath('sounds/a.wav', '/cfg', '/home/p')).toBe('/cfg/sounds/a.wav');
    expect(soundFilePath('/abs/a.wav', '/cfg', '/home/p')).toBe('/abs/a.wav');
  });

  it('gives the bytes of a regular file, and one line for a missing file, a directory and a huge file', async () => {
    const ok = join(dir, 'ding.WAV');
    writeFileSync(ok, Buffer.from('RIFF....WAVE'));
    const r = await readSoundFile(ok);
    expect(r).toMatchObject({ ok: true, mime: 'audio/wav' });
    expect(r.ok && r.bytes.toString()).toBe('RIFF....WAVE');

    const missing = await readSoundFile(join(dir, 'nope.wav'));
    expect(missing).toEqual({
      ok: false,
      code: 'not-found',
      message: `${join(dir, 'nope.wav')}: no such file`,
    });
    mkdirSync(join(dir, 'adir'));
    expect(await readSoundFile(join(dir, 'adir'))).toMatchObject({ ok: false, code: 'invalid' });
    const big = join(dir, 'big.wav');
    writeFileSync(big, Buffer.alloc(SOUND_FILE_MAX_BYTES + 1));
    const tooBig = await readSoundFile(big);
    expect(tooBig).toMatchObject({ ok: false, code: 'too-large' });
    expect(!tooBig.ok && tooBig.message.split('\n')).toHaveLength(1);
  });
});
