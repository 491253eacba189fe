// The mirror worker's side of mirrorProtocol.ts: one Mirror (mirror.ts) per open pane, fed the
// bytes the main thread posts, answering reads once everything posted before them is parsed
// (Mirror.whenParsed), and posting title, bell, cwd and mode changes as they are parsed.
// No worker_threads import here: mirrorWorker.ts wires it to its port, tests call it directly.
import type { Transferable } from 'node:worker_threads';
import { Mirror, MIRROR_DUTY_RATIO } from './mirror';
import type { FromWorker, MirrorRead, MirrorReply, MirrorState, ToWorker } from './mirrorProtocol';

/**
 * Pause after each parsed piece, as a multiple of its parse time, while a pane floods (see
 * mirror.ts). The worker has a thread of its own, but on a 2-core box it still competes with the
 * server's main thread, the PTY programs and the browser for the cores, and during a flood the
 * mirror's screen is only worth its end (skip-ahead drops the rest): the same 9 as before keeps it
 * near a tenth of a core. bench/server-throughput.ts with ROZI_MIRROR_DUTY=1/3/9 at load 13–21 could
 * not tell them apart in wall time; the server's CPU was lowest with 9.
 */
export const WORKER_DUTY_RATIO = MIRROR_DUTY_RATIO;

export type Post = (message: FromWorker, transfer?: Transferable[]) => void;

interface Open {
  mirror: Mirror;
  sent: MirrorState;
  /** Where the main thread reads `mirror.released` (mirrorProtocol.ts, MirrorOpen.released). */
  released: BigInt64Array | null;
}

export class MirrorHost {
  private readonly open = new Map<number, Open>();

  constructor(
    private readonly post: Post,
    private readonly dutyRatio = WORKER_DUTY_RATIO,
  ) {}

  get size(): number {
    return this.open.size;
  }

  handle(m: ToWorker): void {
    switch (m.t) {
      case 'open':
        return this.openMirror(m);
      case 'data': {
        const o = this.open.get(m.id);
        if (!o) return;
        for (const p of m.parts) o.mirror.push(Buffer.from(p.buffer, p.byteOffset, p.byteLength));
        // A push past the backlog bound skips ahead, dropping what was queued.
        return this.sendReleased(o);
      }
      case 'resize':
        this.open.get(m.id)?.mirror.resize(m.cols, m.rows);
        return this.sendState(m.id);
      case 'read':
        return this.read(m.id, m.req, m.read);
      case 'close': {
        const o = this.open.get(m.id);
        this.open.delete(m.id);
        o?.mirror.dispose();
        // Nothing of this pane is read again: its ring's blocks may go to another pane's
        // (stream/ringBuffer.ts, retire). Everything posted before the close came in before it.
        if (o?.released) Atomics.store(o.released, 0, BigInt(Number.MAX_SAFE_INTEGER));
        return;
      }
    }
  }

  dispose(): void {
    for (const o of this.open.values()) o.mirror.dispose();
    this.open.clear();
  }

  private openMirror(m: Extract<ToWorker, { t: 'open' }>): void {
    this.open.get(m.id)?.mirror.dispose();
    const id = m.id;
    const mirror = new Mirror({
      cols: m.cols,
      rows: m.rows,
      scrollback: m.scrollback,
      offset: m.offset,
      dutyRatio: this.dutyRatio,
      onTitle: (title) => this.post({ t: 'title', id, title }),
      onBell: () => this.post({ t: 'bell', id }),
      onCwd: (cwd) => this.post({ t: 'cwd', id, cwd }),
      onParsed: () => {
        this.sendState(id);
        const o = this.open.get(id);
        if (o) this.sendReleased(o);
      },
    });
    const released = m.released ? new BigInt64Array(m.released) : null;
    this.open.set(id, { mirror, sent: stateOf(mirror), released });
  }

  private sendReleased(o: Open): void {
    if (o.released) Atomics.store(o.released, 0, BigInt(o.mirror.released));
  }

  /** Posts the modes when they changed since the last post (a few property reads per piece). */
  private sendState(id: number): void {
    const o = this.open.get(id);
    if (!o) return;
    const now = stateOf(o.mirror);
    if (sameState(now, o.sent)) return;
    o.sent = now;
    this.post({ t: 'state', id, state: now });
  }

  private read(id: number, req: number, read: MirrorRead): void {
    const o = this.open.get(id);
    if (!o) return this.post({ t: 'fail', id, req, message: 'the pane is gone' });
    o.mirror
      .whenParsed(() => answer(o.mirror, read))
      .then(
        (reply) => {
          this.sendState(id);
          if (reply.kind === 'snapshot')
            this.post({ t: 'reply', id, req, reply }, [reply.data.buffer as ArrayBuffer]);
          else this.post({ t: 'reply', id, req, reply });
        },
        (err: unknown) =>
          this.post({ t: 'fail', id, req, message: err instanceof Error ? err.message : String(err) }),
      );
  }
}

function stateOf(m: Mirror): MirrorState {
  const modes = m.term.modes;
  return {
    applicationCursor: modes.applicationCursorKeysMode,
    bracketedPaste: modes.bracketedPasteMode,
    alternate: m.term.buffer.active.type === 'alternate',
    commandRunning: m.marks.commandRunning,
  };
}

function sameState(a: MirrorState, b: MirrorState): boolean {
  return (
    a.applicationCursor === b.applicationCursor &&
    a.bracketedPaste === b.bracketedPaste &&
    a.alternate === b.alternate &&
    a.commandRunning === b.commandRunning
  );
}

/** Runs inside whenParsed: the screen stands for every byte posted before the read. */
function answer(m: Mirror, read: MirrorRead): MirrorReply {
  const term = m.term;
  const buf = term.buffer.active;
  const cursor = { x: buf.cursorX, y: buf.cursorY };
  const size = { cols: term.cols, rows: term.rows };
  switch (read.kind) {
    case 'screen': {
      const out: string[] = [];
      for (let y = buf.viewportY; y < buf.viewportY + term.rows; y++)
        out.push(buf.getLine(y)?.translateToString(true) ?? '');
      return { kind: 'screen', state: stateOf(m), text: out.join('\n') };
    }
    case 'capture': {
      const screenTop = buf.baseY;
      const want = read.scrollback === 'full' ? screenTop : Math.min(screenTop, Math.max(0, read.scrollback));
      const lines: string[] = [];
      for (let y = screenTop - want; y < screenTop + term.rows; y++)
        lines.push(buf.getLine(y)?.translateToString(true) ?? '');
      return { kind: 'capture', lines, cursor, size, scrollback: want };
    }
    case 'last-output':
      return { kind: 'last-output', last: m.marks.lastOutput(), seen: m.marks.seen, cursor, size };
    case 'snapshot':
      // TextEncoder gives the bytes a buffer of their own (Buffer.from may use the shared pool),
      // so it can be transferred.
      return { kind: 'snapshot', data: new TextEncoder().encode(m.serialize()), offset: m.offset };
  }
}
