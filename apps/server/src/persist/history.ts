// Pane history across restarts: the last HISTORY_MAX_BYTES of each pane's raw output (colours
// and all), one file per pane in <stateDir>/history/. Written on shutdown and every
// HISTORY_EVERY_MS for panes that printed something since; read back on resurrection and
// replayed into the new pane before its program starts, followed by a dim "restored" line.
// Raw bytes instead of a serialized mirror: serializing 16 × 5000 lines took ~750 ms here,
// copying the ring tail takes a few ms (bench/server-snapshot.ts).
// Kept apart from the layout snapshot so layout writes stay small and frequent.
import { mkdirSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionManager } from '../session/manager';
import type { Pane } from '../session/pane';
import { writeFileAtomic } from './atomicWrite';

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export const HISTORY_EVERY_MS = 30_000;
/** About 5000 lines of 200 bytes (colour codes included). */
export const HISTORY_MAX_BYTES = 1024 * 1024;

/**
 * Switches off modes the old program may have left on (cursor keys, mouse reporting, bracketed
 * paste, hidden cursor) and leaves the alternate screen if it was on. Not DECSTR, and no 1049l
 * on the normal screen: both move the cursor, which would overwrite the restored lines.
 */
function closingModes(p: Pane): string {
  const alt = p.mirror.state.alternate ? '\x1b[?1049l' : '';
  return `${alt}\x1b[?1l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[?25h\x1b[0m`;
}

function fileName(session: string, paneId: number): string {
  return `${encodeURIComponent(session)}.${paneId}.ans`;
}

export function historyDir(stateDir: string): string {
  return join(stateDir, 'history');
}

export function readHistory(dir: string, session: string, paneId: number): Buffer | undefined {
  try {
    const data = readFileSync(join(dir, fileName(session, paneId)));
    const stamp = Buffer.from(`\r\n\x1b[2m[restored after a server restart]\x1b[0m\r\n`);
    return data.length ? Buffer.concat([data, stamp]) : undefined;
  } catch {
    return undefined;
  }
}

export class HistoryWriter {
  private readonly written = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly o: { manager: SessionManager; dir: string; log(line: string): void }) {
    mkdirSync(o.dir, { recursive: true, mode: 0o700 });
    this.timer = setInterval(() => void this.writeChanged(), HISTORY_EVERY_MS);
    this.timer.unref();
  }

  /** Writes every pane whose output moved since its last write; removes files of gone panes. */
  async writeChanged(): Promise<number> {
    const panes = [...this.o.manager.panes.values()];
    // The state dir may have been deleted under us: make it again, the histories are worth it.
    try {
      mkdirSync(this.o.dir, { recursive: true, mode: 0o700 });
    } catch (err) {
      this.o.log(`warning: cannot make the history directory ${this.o.dir}: ${messageOf(err)}`);
      return 0;
    }
    let n = 0;
    for (const p of panes) {
      if (this.written.get(p.key) === p.ring.end) continue;
      // Each write is up to 1 MB with fsyncs, synchronous: between panes the event loop runs, so a
      // keystroke and its echo wait for one pane's write, not all of them (9 panes on `yes` held
      // the loop ~0.5 s every HISTORY_EVERY_MS, server CPU profile during bench/web-panes.mjs).
      if (n > 0) await new Promise((resolve) => setImmediate(resolve));
      await this.writeOne(p);
      n++;
    }
    const keep = new Set(panes.map((p) => fileName(p.session.name, p.id)));
    let files: string[] = [];
    try {
      files = readdirSync(this.o.dir);
    } catch {
      // Deleted again between the writes and here: nothing left to prune.
    }
    for (const f of files) {
      if (f.endsWith('.ans') && !keep.has(f)) {
        try {
          unlinkSync(join(this.o.dir, f));
        } catch {
          // Already gone.
        }
      }
    }
    return n;
  }

  close(): Promise<number> {
    clearInterval(this.timer);
    return this.writeChanged();
  }

  private async writeOne(p: Pane): Promise<void> {
    try {
      const end = p.ring.end;
      let data = p.ring.tail(HISTORY_MAX_BYTES);
      // Cut mid-stream: start at a line boundary so no half escape sequence leads the replay.
      if (end - data.length > 0) {
        const nl = data.indexOf(0x0a);
        data = nl >= 0 ? data.subarray(nl + 1) : data;
      }
      writeFileAtomic(
        join(this.o.dir, fileName(p.session.name, p.id)),
        Buffer.concat([data, Buffer.from(closingModes(p))]),
      );
      this.written.set(p.key, end);
    } catch (err) {
      this.o.log(`warning: could not save the history of pane ${p.session.name}:${p.id}: ${messageOf(err)}`);
    }
  }
}
