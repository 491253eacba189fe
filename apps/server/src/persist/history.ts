// Pane history across restarts: each pane's screen + scrollback, serialized from its mirror as
// terminal data (colours kept), one file per pane in <stateDir>/history/. Written on shutdown and
// every HISTORY_EVERY_MS for panes that printed something since; read back on resurrection and
// replayed into the new pane before its program starts, followed by a dim "restored" line.
// Kept apart from the layout snapshot so layout writes stay small and frequent.
import { mkdirSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionManager } from '../session/manager';
import type { Pane } from '../session/pane';
import { writeFileAtomic } from './atomicWrite';

export const HISTORY_EVERY_MS = 30_000;

function fileName(session: string, paneId: number): string {
  return `${encodeURIComponent(session)}.${paneId}.ans`;
}

export function historyDir(stateDir: string): string {
  return join(stateDir, 'history');
}

export function readHistory(dir: string, session: string, paneId: number): Buffer | undefined {
  try {
    const data = readFileSync(join(dir, fileName(session, paneId)));
    const stamp = Buffer.from(`\r\n\x1b[0m\x1b[2m[restored after a server restart]\x1b[0m\r\n`);
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
    let n = 0;
    for (const p of panes) {
      if (this.written.get(p.key) === p.ring.end) continue;
      await this.writeOne(p);
      n++;
    }
    const keep = new Set(panes.map((p) => fileName(p.session.name, p.id)));
    for (const f of readdirSync(this.o.dir)) {
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
      const data = await p.mirror.whenParsed(() => p.mirror.serialize());
      writeFileAtomic(join(this.o.dir, fileName(p.session.name, p.id)), data, 0o600);
      this.written.set(p.key, end);
    } catch (err) {
      this.o.log(`warning: could not save the history of pane ${p.session.name}:${p.id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
