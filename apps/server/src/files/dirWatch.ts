// Cheap watching for the Files and Git tabs: only the directories a page has expanded (and the
// repository's git directory while the Git tab shows), each leased for a while and renewed by the
// page's refresh, never recursive. Changes are debounced into one `files-changed` per window. The
// number of watches is capped below the kernel's inotify limit; past the cap (or when the kernel
// refuses with ENOSPC/EMFILE) the page's five-second refresh is the fallback, as rozi's own tabs do.
import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';

export interface DirWatchOptions {
  onChange(dirs: string[]): void;
  /** Watches at most; the default also stays under /proc/sys/fs/inotify/max_user_watches / 8. */
  max?: number;
  leaseMs?: number;
  debounceMs?: number;
}

export class DirWatch {
  private readonly watches = new Map<string, { w: FSWatcher; until: number }>();
  private readonly changed = new Set<string>();
  private debounce: NodeJS.Timeout | null = null;
  private readonly sweeper: NodeJS.Timeout;
  private max: number;
  /** Set when the kernel refused a watch: no new ones until then. */
  private refusedUntil = 0;

  constructor(private readonly o: DirWatchOptions) {
    this.max = o.max ?? 256;
    const lease = o.leaseMs ?? 30_000;
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, lease / 2));
    this.sweeper.unref();
    if (o.max === undefined)
      void readFile('/proc/sys/fs/inotify/max_user_watches', 'utf8').then(
        (t) => {
          const limit = Number(t.trim());
          if (Number.isFinite(limit) && limit > 0)
            this.max = Math.min(this.max, Math.max(8, Math.floor(limit / 8)));
        },
        () => undefined,
      );
  }

  get size(): number {
    return this.watches.size;
  }

  /** Watches (or keeps watching) these absolute directories for another lease. */
  lease(dirs: readonly string[]): { watching: number; full: boolean } {
    const until = Date.now() + (this.o.leaseMs ?? 30_000);
    let full = false;
    for (const dir of dirs) {
      const have = this.watches.get(dir);
      if (have) {
        have.until = until;
        continue;
      }
      if (this.watches.size >= this.max || Date.now() < this.refusedUntil) {
        full = true;
        continue;
      }
      try {
        const w = watch(dir, { persistent: false }, () => this.touched(dir));
        w.on('error', () => this.drop(dir));
        this.watches.set(dir, { w, until });
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOSPC' || code === 'EMFILE') this.refusedUntil = Date.now() + 60_000;
        full = true;
      }
    }
    return { watching: this.watches.size, full };
  }

  stop(): void {
    clearInterval(this.sweeper);
    if (this.debounce) clearTimeout(this.debounce);
    for (const dir of [...this.watches.keys()]) this.drop(dir);
  }

  private touched(dir: string): void {
    this.changed.add(dir);
    if (this.debounce) return;
    this.debounce = setTimeout(() => {
      this.debounce = null;
      const dirs = [...this.changed];
      this.changed.clear();
      this.o.onChange(dirs);
    }, this.o.debounceMs ?? 300);
    this.debounce.unref();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [dir, w] of this.watches) if (w.until < now) this.drop(dir);
  }

  private drop(dir: string): void {
    this.watches.get(dir)?.w.close();
    this.watches.delete(dir);
  }
}
