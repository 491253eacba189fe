// Directory completion for the browser's directory fields (launcher Directory, Session folder):
// the subdirectories of what was typed so far, in the form it was typed (`~/sr` → `~/src/`).
// Bounded: at most SCAN_LIMIT entries of one directory are read and `limit` returned, so a
// folder of 100,000 files answers as fast as a small one.
import { opendir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const SCAN_LIMIT = 5000;
export const DEFAULT_LIMIT = 50;

export interface DirCompletion {
  /** Full completions in the typed form, each ending in `/`. */
  entries: string[];
  /** More matched (or the directory had more entries than were read). */
  truncated: boolean;
  /** One line when the directory part cannot be read (missing, not a directory, no permission). */
  problem: string | null;
}

interface Split {
  /** The directory to read, absolute. */
  dir: string;
  /** What the entries are prefixed with, as typed (`~/src/`). */
  shown: string;
  /** The part of the last component typed so far. */
  partial: string;
}

/** `~/sr` → read ~ for names starting with "sr"; a relative path is read from home. */
function splitPrefix(prefix: string, home: string): Split {
  const typed = prefix === '~' ? '~/' : prefix;
  const slash = typed.lastIndexOf('/');
  const shown = slash === -1 ? '' : typed.slice(0, slash + 1);
  const partial = typed.slice(slash + 1);
  let dir: string;
  if (shown.startsWith('~/')) dir = join(home, shown.slice(2));
  else if (shown.startsWith('/')) dir = shown;
  else dir = join(home, shown);
  return { dir, shown, partial };
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

function problemOf(err: unknown, shown: string): string {
  const code = (err as NodeJS.ErrnoException).code;
  const where = shown || '~/';
  if (code === 'ENOENT') return `No such directory: ${where}`;
  if (code === 'ENOTDIR') return `Not a directory: ${where}`;
  if (code === 'EACCES' || code === 'EPERM') return `Not allowed to read ${where}`;
  return `Cannot read ${where}: ${err instanceof Error ? err.message : String(err)}`;
}

/**
 * Subdirectories of `prefix`'s directory whose names start with its last part (case-sensitive
 * first; case-insensitive when nothing matches exactly). Hidden ones only when the part starts
 * with a dot. Sorted by name.
 */
export async function completeDirectory(
  prefix: string,
  o: { limit?: number; home?: string } = {},
): Promise<DirCompletion> {
  const limit = Math.max(1, Math.min(o.limit ?? DEFAULT_LIMIT, 200));
  const { dir, shown, partial } = splitPrefix(prefix, o.home ?? homedir());
  const names: string[] = [];
  let scanned = 0;
  let truncated = false;
  try {
    const handle = await opendir(dir, { bufferSize: 256 });
    for await (const entry of handle) {
      if (++scanned > SCAN_LIMIT) {
        truncated = true;
        break;
      }
      if (entry.name.startsWith('.') && !partial.startsWith('.')) continue;
      if (entry.isDirectory()) names.push(entry.name);
      else if (entry.isSymbolicLink() && (await isDirectory(join(dir, entry.name)))) names.push(entry.name);
    }
  } catch (err) {
    return { entries: [], truncated: false, problem: problemOf(err, shown) };
  }
  let matched = names.filter((n) => n.startsWith(partial));
  if (matched.length === 0 && partial) {
    const lower = partial.toLowerCase();
    matched = names.filter((n) => n.toLowerCase().startsWith(lower));
  }
  matched.sort((a, b) => a.localeCompare(b));
  if (matched.length > limit) truncated = true;
  return { entries: matched.slice(0, limit).map((n) => `${shown}${n}/`), truncated, problem: null };
}
