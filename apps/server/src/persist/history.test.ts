import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionManager } from '../session/manager';
import { RingBuffer } from '../stream/ringBuffer';
import { HistoryWriter } from './history';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('HistoryWriter', () => {
  it('lets the event loop run between panes while it writes their histories', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rozi-history-'));
    dirs.push(dir);
    let immediateRan = false;
    const seen: boolean[] = [];
    const panes = new Map(
      [1, 2, 3].map((key) => {
        const ring = new RingBuffer(2 * 1024 * 1024);
        ring.append(Buffer.from(`pane ${key}\r\n`.repeat(50_000)));
        const tail = ring.tail.bind(ring);
        ring.tail = (max: number) => {
          seen.push(immediateRan);
          return tail(max);
        };
        const pane = {
          key,
          id: key,
          session: { name: 'main' },
          ring,
          mirror: { state: { alternate: false } },
        };
        return [key, pane] as const;
      }),
    );
    const writer = new HistoryWriter({
      manager: { panes } as unknown as SessionManager,
      dir,
      log: () => undefined,
    });
    setImmediate(() => (immediateRan = true));
    expect(await writer.writeChanged()).toBe(3);
    // The first pane is written at once; by the second, a task queued meanwhile has run.
    expect(seen).toEqual([false, true, true]);
    expect(readdirSync(dir).sort()).toEqual(['main.1.ans', 'main.2.ans', 'main.3.ans']);
    // Nothing printed since: nothing written again.
    expect(await writer.writeChanged()).toBe(0);
    await writer.close();
  });
});
