// The stored snapshots of placed extensions on a host (<dataDir>/placed/<hex>): their digest
// names, paths inside them, their read-only mode, and the check that one is still what its digest
// says (placedRuntime.ts stores them; placedDeploy.ts restores deployments from them).
import { chmodSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { takeSnapshotSync } from '@rozi/extensions/node';
import { LinkCallError } from '../link/linkCallError';

const DIGEST_RE = /^sha256:([0-9a-f]{64})$/;

export function hexOf(digest: unknown): string {
  const m = typeof digest === 'string' ? DIGEST_RE.exec(digest) : null;
  if (!m) throw new LinkCallError('invalid', 'a snapshot digest is sha256:<64 hex digits>');
  return m[1] as string;
}

/** A relative, `/`-separated path that stays inside its root. */
export function safeRelative(path: unknown): string {
  if (typeof path !== 'string' || path === '' || path.includes('\0') || isAbsolute(path))
    throw new LinkCallError('invalid', `a snapshot path must be relative: ${String(path).slice(0, 80)}`);
  const n = normalize(path);
  if (n === '..' || n.startsWith(`..${sep}`) || n.split(sep).includes('..'))
    throw new LinkCallError('invalid', `a snapshot path leaves the extension: ${path.slice(0, 80)}`);
  return n;
}

export function setTreeMode(root: string, write: boolean): void {
  const walk = (dir: string) => {
    chmodSync(dir, write ? 0o755 : 0o555);
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else chmodSync(p, write ? st.mode | 0o200 : st.mode & ~0o222);
    }
  };
  walk(root);
}

export function removeTree(dir: string): void {
  if (!existsSync(dir)) return;
  try {
    setTreeMode(dir, true);
  } catch {
    // Best effort: rmSync reports what it cannot remove.
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Whether any file or directory of the tree can be written (by anyone). */
export function writable(root: string): boolean {
  const pending = [root];
  while (pending.length) {
    const dir = pending.pop() as string;
    if ((statSync(dir).mode & 0o222) !== 0) return true;
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      const st = statSync(p);
      if (st.isDirectory()) pending.push(p);
      else if ((st.mode & 0o222) !== 0) return true;
    }
  }
  return false;
}

/**
 * The directory of a stored snapshot when it is here, unchanged and read-only (a bad one is
 * removed); also what a deployment restored after a restart runs from (placedDeploy.ts).
 */
export function verifiedSnapshot(o: {
  dataDir: string;
  digest: string;
  log(line: string): void;
}): string | undefined {
  const dir = join(o.dataDir, 'placed', hexOf(o.digest));
  if (!existsSync(dir)) return undefined;
  try {
    if (!writable(dir) && takeSnapshotSync(dir, { digest: true }).digest === o.digest) return dir;
  } catch {
    // unreadable: discarded below
  }
  o.log(`placement: snapshot ${o.digest.slice(0, 19)} changed or became writable; discarded`);
  removeTree(dir);
  return undefined;
}
