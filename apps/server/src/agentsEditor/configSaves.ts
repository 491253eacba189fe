// config.toml writes from the editor, and their undo. Every write is atomic (a temp file in the
// same directory, fsync, rename over), so a crash leaves either the old or the new file, never half
// of one. Each save keeps the exact bytes it replaced (or that there was no file), so undo puts
// back the previous file byte for byte. Undo refuses when the file changed since the save (the user
// edited it by hand): restoring then would silently throw their edit away.
import { mkdir, readFile, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { editConfigFile, type FileState } from '../config/configEdit';
import { writeFileAtomic } from '../persist/atomicWrite';

export type { FileState };

export interface SaveRecord {
  /** What the save was, for the undo button ("Save claude", "Override codex"). */
  label: string;
  at: number;
  before: FileState;
  after: Buffer;
}

export class UndoRefused extends Error {}

/** Writes `bytes` to `file` through the one atomic write (mode kept, 0600 for a new file). */
export async function writeAtomically(file: string, bytes: Buffer | string): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  writeFileAtomic(file, bytes);
}

export async function readFileState(file: string): Promise<FileState> {
  try {
    return { existed: true, bytes: await readFile(file) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { existed: false, bytes: Buffer.alloc(0) };
    throw err;
  }
}

export interface ConfigSavesOptions {
  file: string;
  /** How many saves can be undone in turn. */
  depth?: number;
}

export class ConfigSaves {
  private readonly history: SaveRecord[] = [];
  /** One operation at a time: a save racing an undo must not interleave their reads and writes. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: ConfigSavesOptions) {}

  get file(): string {
    return this.o.file;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The save undo would revert, or null. */
  last(): Pick<SaveRecord, 'label' | 'at'> | null {
    const top = this.history[this.history.length - 1];
    return top ? { label: top.label, at: top.at } : null;
  }

  /**
   * Reads the file, lets `edit` compute the new text from it, writes that atomically and records
   * the old bytes. `edit` returning an error string writes nothing.
   */
  save(
    label: string,
    edit: (text: string, state: FileState) => { text: string } | { error: string },
  ): Promise<{ text: string } | { error: string }> {
    return this.serial(async () => {
      // The one write path: a hand edit landing meanwhile is merged by running `edit` on it.
      const r = editConfigFile({ file: this.o.file, edit });
      if (!r.ok) return { error: r.error };
      const text = r.after.toString('utf8');
      if (!r.changed) return { text };
      this.history.push({ label, at: Date.now(), before: r.before, after: r.after });
      if (this.history.length > (this.o.depth ?? 20)) this.history.shift();
      return { text };
    });
  }

  /** Restores the bytes the last save replaced (removing the file if there was none). */
  undo(): Promise<{ label: string; restored: 'previous' | 'removed' }> {
    return this.serial(async () => {
      const top = this.history[this.history.length - 1];
      if (!top)
        throw new UndoRefused(
          'nothing to undo: no agent definition was saved from the editor since the server started',
        );
      const now = await readFileState(this.o.file);
      if (!now.existed || !now.bytes.equals(top.after)) {
        throw new UndoRefused(
          `${this.o.file} changed after the save of ${top.label}; undoing would discard that change, so edit the file instead`,
        );
      }
      if (top.before.existed) {
        const r = editConfigFile({
          file: this.o.file,
          edit: (text) =>
            Buffer.from(text, 'utf8').equals(top.after)
              ? { text: top.before.bytes.toString('utf8') }
              : {
                  error: `${this.o.file} changed after the save of ${top.label}; undoing would discard that change, so edit the file instead`,
                },
        });
        if (!r.ok) throw new UndoRefused(r.error);
      } else await unlink(this.o.file);
      this.history.pop();
      return { label: top.label, restored: top.before.existed ? 'previous' : 'removed' };
    });
  }
}
