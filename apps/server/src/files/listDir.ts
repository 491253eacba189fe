// One level of a directory for the Files tab (sidebar.md, File tree tabs): read lazily, one
// directory per request, at most `maxEntries` entries read, never more than the caller asked for.
// Everything is async (opendir streams the entries in small batches; links are stat'ed a few at a
// time), so a 100,000-entry directory costs `maxEntries` reads and never blocks the event loop.
//
// Paths are checked here, at the edge: `rel` is a path inside the root (no `..`, no absolute
// path, no NUL); the directory it names is resolved (links followed) and must still lie inside
// the root; a link back to one of its own ancestors is a loop and is not listed.
import { opendir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { RoziError } from '../session/errors';

export type EntryKind = 'dir' | 'file' | 'other';

export interface DirEntry {
  name: string;
  kind: EntryKind;
  /** A symbolic link (kind is its target's); `loop` when it leads back to an ancestor or to itself. */
  link: null | 'ok' | 'loop' | 'broken' | 'outside';
}

export interface DirListing {
  /** The directory, relative to the root ('' for the root itself). */
  rel: string;
  entries: DirEntry[];
  /** More entries exist than were read (max_entries). */
  truncated: boolean;
}

const MAX_REL = 4096;
/** Links stat'ed at once: a directory of links never queues thousands of stats in one go. */
const STAT_BATCH = 32;

/** `rel` as a clean relative path inside the root, or a one-line refusal. */
export function cleanRel(rel: string): string {
  if (rel.length > MAX_REL) throw new RoziError('invalid', 'path too long');
  if (rel.includes('\0')) throw new RoziError('invalid', 'path contains a NUL byte');
  if (isAbsolute(rel)) throw new RoziError('invalid', `"${rel.slice(0, 80)}" is not a path inside the tree`);
  const n = normalize(rel === '' ? '.' : rel);
  if (n === '..' || n.startsWith(`..${sep}`))
    throw new RoziError('invalid', `"${rel.slice(0, 80)}" leads out of the tree`);
  return n === '.' ? '' : n.replace(/\/+$/, '');
}

function inside(root: string, p: string): boolean {
  return p === root || p.startsWith(root.endsWith(sep) ? root : root + sep);
}

function fsMessage(e: unknown, rel: string): RoziError {
  const code = (e as NodeJS.ErrnoException).code;
  const what = rel === '' ? 'this directory' : rel;
  if (code === 'EACCES' || code === 'EPERM') return new RoziError('invalid', `no permission to read ${what}`);
  if (code === 'ELOOP') return new RoziError('invalid', `${what} is a symlink loop`);
  if (code === 'ENOENT') return new RoziError('not-found', `${what} no longer exists`);
  if (code === 'ENOTDIR') return new RoziError('invalid', `${what} is not a directory`);
  return new RoziError('invalid', `cannot read ${what}: ${(e as Error).message.split('\n')[0]}`);
}

/**
 * The real location of `rel` under the real `root`, refusing a path that leaves the root through
 * a link and a link that loops. `realRoot` must already be resolved (realpath).
 */
export async function resolveInside(o: { realRoot: string; rel: string }): Promise<string> {
  const rel = cleanRel(o.rel);
  let real: string;
  try {
    real = await realpath(join(o.realRoot, rel));
  } catch (e) {
    throw fsMessage(e, rel);
  }
  if (!inside(o.realRoot, real))
    throw new RoziError('invalid', `${rel} links outside ${o.realRoot}; not opened`);
  // A link to one of its own ancestors would show the same tree inside itself, forever.
  const parts = rel === '' ? [] : rel.split(sep);
  for (let i = 0; i < parts.length; i++) {
    const ancestor = join(o.realRoot, ...parts.slice(0, i));
    if (real === ancestor)
      throw new RoziError(
        'invalid',
        `${rel} is a symlink loop (links back to ${i === 0 ? 'the root' : parts.slice(0, i).join('/')})`,
      );
  }
  return real;
}

/** Lists one directory (see the file's head). */
export async function listDirectory(o: {
  realRoot: string;
  rel: string;
  maxEntries: number;
  showHidden: boolean;
}): Promise<DirListing> {
  const rel = cleanRel(o.rel);
  const real = await resolveInside({ realRoot: o.realRoot, rel });
  let dir;
  try {
    dir = await opendir(real, { bufferSize: 64 });
  } catch (e) {
    throw fsMessage(e, rel);
  }
  const entries: DirEntry[] = [];
  const links: DirEntry[] = [];
  let truncated = false;
  try {
    for await (const d of dir) {
      if (!o.showHidden && d.name.startsWith('.')) continue;
      if (entries.length >= o.maxEntries) {
        truncated = true;
        break; // leaving the loop closes the directory
      }
      const e: DirEntry = {
        name: d.name,
        kind: d.isDirectory() ? 'dir' : d.isFile() ? 'file' : 'other',
        link: null,
      };
      if (d.isSymbolicLink()) links.push(e);
      entries.push(e);
    }
  } catch (e) {
    throw fsMessage(e, rel);
  }
  for (let i = 0; i < links.length; i += STAT_BATCH)
    await Promise.all(
      links.slice(i, i + STAT_BATCH).map((e) => classifyLink({ real, realRoot: o.realRoot, e })),
    );
  entries.sort((a, b) =>
    a.kind === 'dir' && b.kind !== 'dir'
      ? -1
      : b.kind === 'dir' && a.kind !== 'dir'
        ? 1
        : a.name < b.name
          ? -1
          : a.name > b.name
            ? 1
            : 0,
  );
  return { rel, entries, truncated };
}

async function classifyLink(o: { real: string; realRoot: string; e: DirEntry }): Promise<void> {
  const at = join(o.real, o.e.name);
  try {
    const target = await realpath(at);
    const st = await stat(target);
    o.e.kind = st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
    if (!inside(o.realRoot, target)) o.e.link = 'outside';
    else if (st.isDirectory() && inside(target, o.real)) o.e.link = 'loop';
    else o.e.link = 'ok';
  } catch (err) {
    o.e.kind = 'other';
    o.e.link = (err as NodeJS.ErrnoException).code === 'ELOOP' ? 'loop' : 'broken';
  }
}
