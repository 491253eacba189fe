// The content digest recorded at install and compared on update: sha256 over the sorted relative
// paths and bytes of the files a snapshot would hold (spec: .git, .hg, .svn, __pycache__ and .pyc
// left out; a symlink counts as what it points to). Stops past the snapshot-sized bounds of the
// install limits instead of hashing an unbounded tree.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SKIPPED_DIRS = new Set(['.git', '.hg', '.svn', '__pycache__']);

export function digestFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    const abs = rel ? join(dir, rel) : dir;
    for (const name of readdirSync(abs).sort()) {
      const r = rel ? `${rel}/${name}` : name;
      let st;
      try {
        st = statSync(join(dir, r));
      } catch {
        continue; // a dangling link holds nothing to hash
      }
      if (st.isDirectory()) {
        if (!SKIPPED_DIRS.has(name)) walk(r);
      } else if (st.isFile() && !name.endsWith('.pyc')) out.push(r);
    }
  };
  walk('');
  return out;
}

export function contentDigest(dir: string): string {
  const h = createHash('sha256');
  for (const rel of digestFiles(dir)) {
    const data = readFileSync(join(dir, rel));
    h.update(`${rel}\0${data.length}\0`);
    h.update(data);
  }
  return `sha256:${h.digest('hex')}`;
}
