// What an install refuses in a fetched tree before it is moved into place: a symbolic link that
// leads out of the extension (`config -> /home/me/.ssh`, `x -> ../../..`). Installed, such a link
// makes the extension's files reach anything of the user's; a later command or hook reading
// "its own" file reads the user's instead. A link is judged by where its text points (resolved
// against its own directory, so a dangling one is judged too) and, when it resolves, by where the
// kernel takes it. .git is git's own and is not walked. The walk does not follow directory links
// and stops at the install limits, so a hostile tree costs bounded time.
import { lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

function within(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep));
}

export interface EscapingLink {
  /** Relative to the tree, `/`-separated. */
  path: string;
  target: string;
}

/** The first link in `dir` that leads outside it, or null. */
export function findEscapingLink(dir: string, maxEntries = 100_000): EscapingLink | null {
  const root = realpathSync(dir);
  const pending = [''];
  let seen = 0;
  while (pending.length > 0 && seen < maxEntries) {
    const relDir = pending.pop() as string;
    for (const name of readdirSync(join(root, relDir))) {
      if (relDir === '' && name === '.git') continue;
      seen++;
      const rel = relDir === '' ? name : `${relDir}/${name}`;
      const abs = join(root, rel);
      const st = lstatSync(abs);
      if (st.isDirectory()) pending.push(rel);
      if (!st.isSymbolicLink()) continue;
      const text = readlinkSync(abs);
      if (!within(root, resolve(dirname(abs), text))) return { path: rel, target: text };
      let real: string | null = null;
      try {
        real = realpathSync(abs);
      } catch {
        // Dangling, but its text stays inside: nothing outside is reached through it.
      }
      if (real !== null && !within(root, real)) return { path: rel, target: real };
    }
  }
  return null;
}
