// Restart on a file change in the extension directory (spec: Services): a cheap signature of the
// tree (relative path, size, mtime of every file other than extension.toml, whose edits go
// through the manifest diff instead) polled by the host. Polling, not fs.watch: recursive
// watching on Linux is unreliable in Node 20, and the spec's bound (no checks past 32 MiB or 4096
// files) keeps one poll to a few milliseconds.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const WATCH_MAX_FILES = 4096;
export const WATCH_MAX_BYTES = 32 * 1024 * 1024;
const SKIPPED = new Set(['.git', '.hg', '.svn', '__pycache__', 'node_modules']);

/** The signature, or undefined when the tree is past the bounds and is not checked for changes. */
export function filesSignature(dir: string): string | undefined {
  const h = createHash('sha1');
  let files = 0;
  let bytes = 0;
  const walk = (rel: string): boolean => {
    let names: string[];
    try {
      names = readdirSync(rel ? join(dir, rel) : dir).sort();
    } catch {
      return true;
    }
    for (const name of names) {
      const r = rel ? `${rel}/${name}` : name;
      if (r === 'extension.toml' || SKIPPED.has(name)) continue;
      let st;
      try {
        st = lstatSync(join(dir, r)).isSymbolicLink() ? statSync(join(dir, r)) : lstatSync(join(dir, r));
      } catch {
        continue;
      }
      if (st.isDirectory()) {
        if (!walk(r)) return false;
      } else {
        files++;
        bytes += st.size;
        if (files > WATCH_MAX_FILES || bytes > WATCH_MAX_BYTES) return false;
        h.update(`${r}\0${st.size}\0${st.mtimeMs}\n`);
      }
    }
    return true;
  };
  return walk('') ? h.digest('hex') : undefined;
}
