// The person's own sound for a cue (`[sounds] <cue>_file`): fetched once per setting through
// config.soundFile (the server reads only the file config.toml names), decoded by Web Audio and
// played in place of the built-in chime. A file that cannot be read or decoded is said once, in one
// line, and the built-in cue plays instead from then on (until the setting changes).
import { audioContext } from './chime';

export type SoundCue = 'bell' | 'blocked' | 'done' | 'error';

export interface SoundFilesOptions {
  /** config.soundFile: the file's bytes in base64, or a throw whose message is one line. */
  load(cue: SoundCue): Promise<{ base64: string }>;
  warn(line: string): void;
}

function bytesOf(base64: string): ArrayBuffer {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes.buffer;
}

export class SoundFiles {
  private readonly buffers = new Map<string, Promise<AudioBuffer | null>>();

  constructor(private readonly o: SoundFilesOptions) {}

  /** Plays the cue's own sound; false when there is none to play (the caller plays the chime). */
  async play(cue: SoundCue, setting: string | null | undefined): Promise<boolean> {
    if (!setting) return false;
    const key = `${cue}\0${setting}`;
    let buffer = this.buffers.get(key);
    if (!buffer) {
      buffer = this.decode(cue, setting);
      this.buffers.set(key, buffer);
    }
    const decoded = await buffer;
    if (!decoded) return false;
    try {
      const context = audioContext();
      const source = context.createBufferSource();
      source.buffer = decoded;
      source.connect(context.destination);
      source.start();
      return true;
    } catch {
      // Audio blocked until the person interacts with the page: a silent miss, as for the chime.
      return true;
    }
  }

  private async decode(cue: SoundCue, setting: string): Promise<AudioBuffer | null> {
    let base64: string;
    try {
      base64 = (await this.o.load(cue)).base64;
    } catch (err) {
      const why = (err instanceof Error ? err.message : String(err)).split('\n')[0];
      this.o.warn(`${why}; the built-in ${cue} cue plays instead`);
      return null;
    }
    try {
      return await audioContext().decodeAudioData(bytesOf(base64));
    } catch {
      this.o.warn(
        `[sounds] ${cue}_file ${setting} is not a sound this browser can decode; the built-in ${cue} cue plays instead`,
      );
      return null;
    }
  }
}
