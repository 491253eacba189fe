// The main thread's side of the pane mirrors: each pane's headless terminal (mirror.ts) is parsed
// in a worker thread (mirrorWorker.ts via bin/mirror-worker.mjs), so the parse — 52–94 % of the
// server's CPU on a flood when it ran here (bench/server-throughput.ts) — no longer competes with
// the PTY → WebSocket path on the main thread. PaneMirror is what a Pane holds:
//  * push() gathers output for up to POST_EVERY_MS and posts it in one message: views of the
//    pane's ring, whose blocks are SharedArrayBuffers (stream/ringBuffer.ts), go as they are —
//    the worker reads the ring's own memory, no copy on this thread; other bytes (a replay after
//    a restart) are copied into one transferred buffer;
//  * read() first posts what is gathered, then the read: the worker answers once it has parsed
//    every byte posted before (flush-then-read);
//  * `state` (modes, a running command) and `screenText` (the last screen read) are kept here for
//    the synchronous readers (send-keys, the prompt fence, live cwd, detection inside whenParsed).
// A worker that dies is started again and each of its mirrors is re-fed the pane's recent output
// (`replay`), so capture and detection carry on from the tail of the scrollback.
import { Worker } from 'node:worker_threads';
import type { ReportedCwd } from '@rozi/detect/shellMarks';
import {
  INITIAL_MIRROR_STATE,
  type FromWorker,
  type MirrorRead,
  type MirrorReply,
  type MirrorState,
  type ReplyOf,
  type ToWorker,
} from './mirrorProtocol';

const BOOTSTRAP = new URL('../../bin/mirror-worker.mjs', import.meta.url);
/**
 * Output is posted to the worker at most every POST_EVERY_MS, or at once past POST_MAX_BYTES: a
 * message per PTY read cost the main thread 2.1 s of postMessage in a 40 MiB `seq` drain (CPU
 * profile, bench/server-throughput.ts), more than the parse it took off that thread. A read
 * posts what is gathered first, so it never waits for this.
 */
const POST_EVERY_MS = 10;
const POST_MAX_BYTES = 256 * 1024;
/** A worker left with no pane ends after this long (a new pane soon after reuses it). */
const IDLE_MS = 15_000;
/** A worker that exits this soon after its start, MAX_QUICK_EXITS times in a row, is not restarted. */
const QUICK_EXIT_MS = 5_000;
const MAX_QUICK_EXITS = 3;
/** Bytes of a pane's recent output re-fed to a restarted worker. */
export const REPLAY_BYTES = 256 * 1024;

export interface PaneMirrorOptions {
  cols: number;
  rows: number;
  scrollback: number;
  onTitle(title: string): void;
  onBell(): void;
  onCwd?(cwd: ReportedCwd): void;
  /** The pane's recent output and the stream offset of its first byte (after a worker restart). */
  replay(): { bytes: Buffer; offset: number };
}

interface Pending {
  resolve(reply: MirrorReply): void;
  reject(err: Error): void;
}

export class PaneMirror {
  /** The worker's modes as of the last piece it parsed. */
  state: MirrorState = INITIAL_MIRROR_STATE;
  /** The visible screen of the last `whenParsed` read (detection's screen string). */
  screenText = '';
  private gathered: Buffer[] = [];
  private gatheredBytes = 0;
  private flushTimer: NodeJS.Timeout | null = null;
  private cols: number;
  private rows: number;
  private nextReq = 1;
  private readonly reads = new Map<number, Pending>();
  private disposed = false;
  /** The worker's `released` offset (mirrorProtocol.ts, MirrorOpen.released). */
  private readonly releasedCell = new BigInt64Array(new SharedArrayBuffer(8));

  constructor(
    private readonly link: WorkerLink,
    readonly id: number,
    private readonly o: PaneMirrorOptions,
  ) {
    this.cols = o.cols;
    this.rows = o.rows;
  }

  /**
   * Queues `data` for the worker. A view of shared memory (the pane's ring) is kept as a view and
   * never copied: the ring never rewrites a block, so the bytes stay as they are until parsed.
   */
  push(data: Buffer): void {
    if (this.disposed || data.length === 0) return;
    const last = this.gathered[this.gathered.length - 1];
    if (
      last &&
      data.buffer instanceof SharedArrayBuffer &&
      last.buffer === data.buffer &&
      last.byteOffset + last.length === data.byteOffset
    )
      // The next bytes of the same ring block: one view for both.
      this.gathered[this.gathered.length - 1] = Buffer.from(
        data.buffer,
        last.byteOffset,
        last.length + data.length,
      );
    else this.gathered.push(data);
    this.gatheredBytes += data.length;
    if (this.gatheredBytes >= POST_MAX_BYTES) return this.flush();
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => this.flush(), POST_EVERY_MS);
  }

  /**
   * The stream offset below which the worker reads none of the pushed bytes again, so the pane's
   * ring may rewrite memory there (stream/ringBuffer.ts, RingReaderFence).
   */
  released(): number {
    // Nothing reaches a worker that keeps dying. A disposed mirror's worker may still parse what
    // it was sent until the close reaches it, so the offset stays the worker's own.
    if (this.link.broken) return Infinity;
    return Number(Atomics.load(this.releasedCell, 0));
  }

  resize(cols: number, rows: number): void {
    if (this.disposed) return;
    this.cols = cols;
    this.rows = rows;
    this.flush();
    this.link.post({ t: 'resize', id: this.id, cols, rows });
  }

  /** Answers `read` from a screen that has parsed every byte pushed before this call. */
  read<R extends MirrorRead>(read: R): Promise<ReplyOf<R>> {
    if (this.disposed) return Promise.reject(new Error('the pane is gone'));
    if (this.link.broken) return Promise.reject(new Error(this.link.broken));
    this.flush();
    const req = this.nextReq++;
    return new Promise<ReplyOf<R>>((resolve, reject) => {
      this.reads.set(req, { resolve: resolve as (r: MirrorReply) => void, reject });
      this.link.post({ t: 'read', id: this.id, req, read });
    });
  }

  /** Runs `fn` once the screen has parsed every byte pushed before this call (`screenText`, `state`). */
  async whenParsed<T>(fn: () => T): Promise<T> {
    const screen = await this.read({ kind: 'screen' });
    this.state = screen.state;
    this.screenText = screen.text;
    return fn();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.gathered = [];
    this.gatheredBytes = 0;
    this.failReads('the pane is gone');
    this.link.close(this);
  }

  /** From the link: a message from the worker for this mirror. */
  receive(m: FromWorker): void {
    switch (m.t) {
      case 'title':
        return this.o.onTitle(m.title);
      case 'bell':
        return this.o.onBell();
      case 'cwd':
        return this.o.onCwd?.(m.cwd);
      case 'state':
        this.state = m.state;
        return;
      case 'reply': {
        const p = this.reads.get(m.req);
        this.reads.delete(m.req);
        return p?.resolve(m.reply);
      }
      case 'fail': {
        const p = this.reads.get(m.req);
        this.reads.delete(m.req);
        return p?.reject(new Error(m.message));
      }
    }
  }

  /** From the link: open this mirror in a (new) worker, fed the pane's recent output. */
  openIn(first: boolean, offset: number): void {
    if (first) {
      this.postOpen(offset);
      return;
    }
    // The worker died: what was gathered is in the ring, so the replay covers it.
    this.gathered = [];
    this.gatheredBytes = 0;
    this.failReads('the screen mirror restarted; ask again');
    const { bytes, offset: from } = this.o.replay();
    this.postOpen(from);
    this.gathered.push(bytes);
    this.gatheredBytes = bytes.length;
    this.flush();
  }

  private postOpen(offset: number): void {
    // A (re)started worker holds nothing below where it starts; one that died holds nothing.
    Atomics.store(this.releasedCell, 0, BigInt(offset));
    this.link.post({
      t: 'open',
      id: this.id,
      cols: this.cols,
      rows: this.rows,
      scrollback: this.o.scrollback,
      offset,
      released: this.releasedCell.buffer as SharedArrayBuffer,
    });
  }

  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.disposed || this.gatheredBytes === 0) return;
    const parts: Uint8Array[] = [];
    const transfer: ArrayBuffer[] = [];
    let copies: Buffer[] = [];
    const copyRun = () => {
      if (copies.length === 0) return;
      // A buffer of its own (never the pool) so it can be transferred; not zero-filled.
      const bytes = Buffer.allocUnsafeSlow(copies.reduce((n, b) => n + b.length, 0));
      let at = 0;
      for (const b of copies) {
        bytes.set(b, at);
        at += b.length;
      }
      parts.push(bytes);
      transfer.push(bytes.buffer as ArrayBuffer);
      copies = [];
    };
    for (const b of this.gathered) {
      if (b.buffer instanceof SharedArrayBuffer) {
        copyRun();
        parts.push(b);
      } else copies.push(b);
    }
    copyRun();
    this.gathered = [];
    this.gatheredBytes = 0;
    this.link.post({ t: 'data', id: this.id, parts }, transfer);
  }

  private failReads(message: string): void {
    const reads = [...this.reads.values()];
    this.reads.clear();
    for (const p of reads) p.reject(new Error(message));
  }
}

/** One worker thread and the mirrors it holds; started on the first open, ended when idle. */
class WorkerLink {
  readonly mirrors = new Map<number, PaneMirror>();
  private worker: Worker | null = null;
  private idle: NodeJS.Timeout | null = null;
  private startedAt = 0;
  private quickExits = 0;
  /** Set when the worker keeps dying at start: why (reads fail with it, nothing is posted). */
  broken: string | null = null;

  constructor(private readonly log: (line: string) => void) {}

  post(m: ToWorker, transfer?: ArrayBuffer[]): void {
    if (!this.broken) this.start().postMessage(m, transfer);
  }

  add(mirror: PaneMirror, offset: number): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.mirrors.set(mirror.id, mirror);
    mirror.openIn(true, offset);
  }

  close(mirror: PaneMirror): void {
    if (!this.mirrors.delete(mirror.id)) return;
    this.worker?.postMessage({ t: 'close', id: mirror.id } satisfies ToWorker);
    if (this.mirrors.size === 0 && this.worker) {
      this.idle = setTimeout(() => this.stop(), IDLE_MS);
      this.idle.unref();
    }
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(BOOTSTRAP, { name: 'rozi-mirror' });
    this.startedAt = Date.now();
    // The server's sockets keep the process alive; a mirror must not keep a finished CLI run or
    // test process from exiting.
    w.unref();
    w.on('message', (m: FromWorker) => this.mirrors.get(m.id)?.receive(m));
    w.on('error', (err) => this.log(`screen mirror worker failed: ${err.message}`));
    w.on('exit', (code) => {
      if (this.worker !== w) return;
      this.worker = null;
      if (this.mirrors.size === 0) return;
      this.quickExits = Date.now() - this.startedAt < QUICK_EXIT_MS ? this.quickExits + 1 : 0;
      if (this.quickExits >= MAX_QUICK_EXITS) {
        this.broken = `the screen mirror worker keeps exiting (code ${code}): capture-pane and detection are off`;
        this.log(this.broken);
        return;
      }
      this.log(`screen mirror worker exited (code ${code}); restarting it from each pane's recent output`);
      for (const m of this.mirrors.values()) m.openIn(false, 0);
    });
    this.worker = w;
    return w;
  }

  /** Ends the worker as a crash would (tests: the restart path). */
  async crash(): Promise<void> {
    await this.worker?.terminate();
  }

  private stop(): void {
    this.idle = null;
    const w = this.worker;
    if (!w || this.mirrors.size > 0) return;
    this.worker = null;
    void w.terminate();
  }
}

/**
 * The workers pane mirrors are spread over (the one with fewest mirrors takes a new pane).
 * ROZI_MIRROR_WORKERS (1–4, default 1) sets how many: on a 2-core box one worker measured best
 * (ARCHITECTURE.md, "Pane mirrors").
 */
export class MirrorWorkers {
  private readonly links: WorkerLink[];
  private nextId = 1;

  constructor(o: { size?: number; log?: (line: string) => void } = {}) {
    const size = Math.min(4, Math.max(1, Math.floor(o.size ?? 1)));
    const log = o.log ?? ((line: string) => process.stderr.write(`rozi: ${line}\n`));
    this.links = Array.from({ length: size }, () => new WorkerLink(log));
  }

  /** A mirror for a pane whose next output byte is at stream offset `offset`. */
  open(o: PaneMirrorOptions, offset = 0): PaneMirror {
    let link = this.links[0] as WorkerLink;
    for (const l of this.links) if (l.mirrors.size < link.mirrors.size) link = l;
    const mirror = new PaneMirror(link, this.nextId++, o);
    link.add(mirror, offset);
    return mirror;
  }

  /** Ends every worker as a crash would; each restarts from its panes' recent output (tests). */
  async crash(): Promise<void> {
    await Promise.all(this.links.map((l) => l.crash()));
  }
}

let shared: MirrorWorkers | null = null;

/** The process's pool (a server, or a host's `host serve`). */
export function sharedMirrorWorkers(): MirrorWorkers {
  shared ??= new MirrorWorkers({ size: Number(process.env.ROZI_MIRROR_WORKERS ?? 1) || 1 });
  return shared;
}
