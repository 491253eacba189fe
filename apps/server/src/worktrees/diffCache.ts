// What a diff between two object ids costs once: the file list with counts (one raw + numstat read,
// seconds for thousands of files on a loaded machine) and each page's patches are kept per
// (repository, from, to). Object ids name content, so an entry never goes stale: a worktree that
// changes gets a new snapshot tree and so a new key. Bounded by entries and by patch bytes.

const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** Only ranges between object ids are cached (a ref like HEAD can move under the same name). */
export const cacheable = (from: string, to: string): boolean => OBJECT_ID.test(from) && OBJECT_ID.test(to);

export class LruCache<V> {
  private readonly map = new Map<string, { value: V; size: number }>();
  private bytes = 0;

  constructor(private readonly limits: { entries: number; bytes: number }) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V, size = 0): void {
    if (size > this.limits.bytes) return;
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.size;
      this.map.delete(key);
    }
    this.map.set(key, { value, size });
    this.bytes += size;
    for (const [k, v] of this.map) {
      if (this.map.size <= this.limits.entries && this.bytes <= this.limits.bytes) break;
      this.map.delete(k);
      this.bytes -= v.size;
    }
  }

  get size(): number {
    return this.map.size;
  }
}
