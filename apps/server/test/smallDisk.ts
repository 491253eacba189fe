// A real small filesystem for disk-full tests: a tmpfs of a few hundred KiB mounted on a temp
// directory (tests run as root here and in CI). `fill` takes every free byte but `leaveBytes`,
// so the next write of more than that fails part-way with ENOSPC, as on a nearly full disk.
import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Takes all free space but about `leaveBytes` (rounded down to whole pages). */
  fill(leaveBytes?: number): void;
  /** Frees what `fill` took. */
  free(): void;
  freeBytes(): number;
  unmount(): void;
}

export function mountSmallDisk(sizeKiB = 512): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'rozi-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKiB}k,mode=0700`, 'tmpfs', dir]);
  const filler = join(dir, '.filler');
  return {
    dir,
    fill(leaveBytes = 0) {
      const fd = openSync(filler, 'w', 0o600);
      const chunk = Buffer.alloc(4096, 0x2e);
      let written = 0;
      try {
        for (;;) written += writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
      ftruncateSync(fd, Math.max(0, written - leaveBytes));
      closeSync(fd);
    },
    free() {
      rmSync(filler, { force: true });
    },
    freeBytes() {
      const s = statfsSync(dir);
      return s.bavail * s.bsize;
    },
    unmount() {
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
