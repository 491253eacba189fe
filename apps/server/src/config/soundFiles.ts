// `[sounds] bell_file / blocked_file / done_file / error_file`: a sound of the person's own for a cue
// (configuration.md). The page plays it where the person listens, so the server only reads the one
// file config.toml names for a cue and hands its bytes to the page (config.soundFile); no other
// path can be asked for. `player` stays without meaning here: the page cannot run a program on the
// listener's machine.
import { open } from 'node:fs/promises';
import { homedir } from 'node:os';
import { extname, isAbsolute, join, resolve } from 'node:path';

export const SOUND_CUES = ['bell', 'blocked', 'done', 'error'] as const;
export type SoundCue = (typeof SOUND_CUES)[number];

/** A cue is a short sound: anything larger is refused rather than sent to every page. */
export const SOUND_FILE_MAX_BYTES = 4 * 1024 * 1024;

const MIME: Record<string, string> = {
  '.wav': 'audio/wav',
  '.wave': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.flac': 'audio/flac',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.webm': 'audio/webm',
};

const isTable = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

/** The value config.toml gives `<cue>_file`, as written (null when unset or empty). */
export function soundFileSetting(root: Record<string, unknown>, cue: SoundCue): string | null {
  const v = isTable(root.sounds) ? root.sounds[`${cue}_file`] : undefined;
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

/** `~/` is the home directory; a relative path is taken from config.toml's directory. */
export function soundFilePath(setting: string, configDir: string, home = homedir()): string {
  if (setting === '~') return home;
  if (setting.startsWith('~/')) return join(home, setting.slice(2));
  return isAbsolute(setting) ? setting : resolve(configDir, setting);
}

export type SoundFileRead =
  | { ok: true; mime: string; bytes: Buffer }
  | { ok: false; code: 'not-found' | 'invalid' | 'too-large'; message: string };

/** Reads a cue's file: a regular file of at most SOUND_FILE_MAX_BYTES, or one line saying why not. */
export async function readSoundFile(path: string): Promise<SoundFileRead> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'no permission to read it' : code;
    return { ok: false, code: 'not-found', message: `${path}: ${why ?? 'cannot be opened'}` };
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) return { ok: false, code: 'invalid', message: `${path}: not a regular file` };
    if (st.size > SOUND_FILE_MAX_BYTES)
      return {
        ok: false,
        code: 'too-large',
        message: `${path}: ${st.size} bytes; a sound may be at most ${SOUND_FILE_MAX_BYTES} bytes`,
      };
    const bytes = await handle.readFile();
    return { ok: true, mime: MIME[extname(path).toLowerCase()] ?? 'application/octet-stream', bytes };
  } finally {
    await handle.close();
  }
}
