// node-pty behind the PtyBackend interface, used one level down: node-pty's native `fork` makes the
// PTY and the child, and this file reads and writes the master itself.
//
// Why not node-pty's UnixTerminal: it reads through a flowing `tty.ReadStream`, which allocates a
// fresh 64 KiB buffer for every read and pushes each chunk through the Readable machinery and two
// event emitters. A flood arrives in 4 KiB reads (the kernel's line discipline hands over no more
// at a time), so a 30 MiB `seq` is ~7,000 reads and that overhead was ~40 % of a bare drain's CPU
// on the server's main thread (bench/server-throughput.ts). Here the master is a `tty.ReadStream`
// in `onread` mode: every read lands in the pane's ring itself (`readInto`) or one reused buffer,
// and its callback is called directly: no allocation, no stream queue, no copy. Exit follows
// node-pty's rule: a child's exit is reported once the master has also reached its end (EIO), so
// the last output is read first, or after EXIT_DRAIN_MS when something else (a job left in the
// background) keeps the terminal open.
import { readSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ReadStream } from 'node:tty';
import { setCloseOnExec } from '@rozi/cloexec';
import { childLedger } from '@rozi/extensions/node';
import type { PtyBackend, PtyExit, PtyProcess, PtySpawnOptions } from './backend';
import { explainPtySpawnError } from './ptyFailure';

/** node-pty 1.1.0's native module (src/unix/pty.cc), the calls this file makes. */
interface NativePty {
  fork(
    file: string,
    args: string[],
    env: string[],
    cwd: string,
    cols: number,
    rows: number,
    uid: number,
    gid: number,
    utf8: boolean,
    helperPath: string,
    onExit: (code: number, signal: number) => void,
  ): { fd: number; pid: number; pty: string };
  resize(fd: number, cols: number, rows: number): void;
}

/** Same search as node-pty's own loader (lib/utils.js): its build, a debug build, a prebuild. */
function loadNative(): { native: NativePty; helperPath: string } {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('node-pty/package.json'));
  let lastError: unknown;
  for (const dir of ['build/Release', 'build/Debug', `prebuilds/${process.platform}-${process.arch}`]) {
    try {
      const native = require(join(root, dir, 'pty.node')) as NativePty;
      return { native, helperPath: join(root, dir, 'spawn-helper') };
    } catch (err) {
      lastError = err;
    }
  }
  throw new Error(
    `node-pty's native module did not load: ${lastError instanceof Error ? lastError.message : String(lastError)}`,
  );
}

let loaded: ReturnType<typeof loadNative> | null = null;

/**
 * One read buffer for every terminal spawned without `readInto`. Reads run on this thread one at a
 * time and each listener copies what it keeps before it returns, so one buffer serves them all.
 */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);
/** Pause before writing again to a terminal that took no more input (EAGAIN). */
const RETRY_MS = 1;
/** Reads after a hang-up at most: the kernel's buffers for a closed terminal hold far less. */
const MAX_READS_AFTER_HANGUP = 64;
/** How long a child's exit waits for the master's end before it is reported anyway (node-pty's). */
const EXIT_DRAIN_MS = 200;

/**
 * Writes in order straight to the master, which is non-blocking: a write never stalls the server.
 * What the terminal cannot take yet (EAGAIN: the program is not reading its input) waits here and
 * is retried RETRY_MS later, without spinning the event loop meanwhile. node-pty's writer sent every
 * write through libuv's thread pool, a hop to another thread and back for each key press; here a
 * key is in the terminal before `write` returns.
 */
class MasterWriter {
  private queue: Buffer[] = [];
  private retry: NodeJS.Timeout | null = null;
  closed = false;

  constructor(private readonly fd: number) {}

  write(data: string | Buffer): void {
    if (this.closed) return;
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (buf.length === 0) return;
    if (this.queue.length > 0) {
      // A copy: the caller may reuse its buffer before the queue reaches it.
      this.queue.push(Buffer.from(buf));
      return;
    }
    const written = this.tryWrite(buf);
    if (written === buf.length || this.closed) return;
    this.queue.push(Buffer.from(buf.subarray(written)));
    this.retry = setTimeout(() => this.flush(), RETRY_MS);
  }

  close(): void {
    this.closed = true;
    this.queue = [];
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  /** Bytes of `buf` the terminal took: 0 when full; all when it is gone (nothing can land). */
  private tryWrite(buf: Buffer): number {
    try {
      return writeSync(this.fd, buf);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return 0;
      // The child is gone (EIO) or the master closed: what is queued can go nowhere.
      this.queue = [];
      return buf.length;
    }
  }

  private flush(): void {
    this.retry = null;
    while (!this.closed && this.queue.length > 0) {
      const head = this.queue[0] as Buffer;
      const written = this.tryWrite(head);
      if (written < head.length) {
        this.queue[0] = head.subarray(written);
        this.retry = setTimeout(() => this.flush(), RETRY_MS);
        return;
      }
      this.queue.shift();
    }
  }
}

class NativePtyProcess implements PtyProcess {
  private readonly dataListeners: Array<(data: Buffer) => void> = [];
  private readonly exitListeners: Array<(exit: PtyExit) => void> = [];
  private readonly master: ReadStream;
  private readonly writer: MasterWriter;
  /** The child's exit as node-pty's waiter reported it, until the master's end lets it out. */
  private exit: PtyExit | null = null;
  private masterClosed = false;
  private reported = false;
  private drainTimer: NodeJS.Timeout | null = null;

  readonly pid: number;
  private readonly fd: number;

  constructor(o: {
    pid: number;
    fd: number;
    exitHook: { onExit: ((code: number, signal: number) => void) | null };
    readInto?: () => Buffer;
  }) {
    this.pid = o.pid;
    this.fd = o.fd;
    const { fd, exitHook, readInto } = o;
    this.writer = new MasterWriter(fd);
    this.master = new ReadStream(fd, {
      onread: {
        buffer: readInto ?? READ_BUFFER,
        callback: (bytes: number, buf: Uint8Array) => this.deliver(buf as Buffer, bytes),
      },
    } as ConstructorParameters<typeof ReadStream>[1]);
    this.master.on('error', (err: NodeJS.ErrnoException) => {
      // EIO is the master's end once the child side closed; EAGAIN is a spurious wake-up.
      if (err.code === 'EAGAIN') return;
      this.master.destroy();
    });
    // libuv ends a stream at a hang-up (POLLHUP) when its last read was shorter than its buffer,
    // taking that as drained. A terminal never hands over more than ~4 KiB a read, so output the
    // kernel still held was lost: the last 2–11 KB of a 200 KB write right before the child's exit
    // in about half of the runs, node-pty's own stream alike. Read on until the kernel says EIO:
    // the descriptor is still open here ('end' comes before the stream closes it).
    this.master.on('end', () => this.readRest(readInto));
    this.master.on('close', () => {
      this.masterClosed = true;
      this.writer.close();
      if (this.exit) this.report();
    });
    this.master.resume();
    exitHook.onExit = (code, signal) => {
      const sig = signal ? signal : null;
      this.exit = { code: sig ? 128 + sig : code, signal: sig };
      if (this.masterClosed) return this.report();
      // Output still in the terminal is read first, also when the pane was holding the program
      // back (pause: its viewers were behind): with the program gone only the kernel's buffers
      // are left to read, and the ring keeps them for the viewers. A background job holding the
      // terminal open does not keep the exit from being reported.
      this.master.resume();
      this.drainTimer = setTimeout(() => this.master.destroy(), EXIT_DRAIN_MS);
    };
  }

  /** The master's remaining output after a hang-up; bounded (a closed terminal holds < 100 KiB). */
  private readRest(readInto: (() => Buffer) | undefined): void {
    for (let i = 0; i < MAX_READS_AFTER_HANGUP; i++) {
      const into = readInto?.() ?? READ_BUFFER;
      let bytes: number;
      try {
        bytes = readSync(this.fd, into, 0, into.length, null);
      } catch {
        return; // EIO: all read
      }
      if (bytes <= 0) return;
      this.deliver(into, bytes);
    }
  }

  private deliver(buf: Buffer, bytes: number): void {
    const chunk = buf.subarray(0, bytes);
    for (const l of this.dataListeners) l(chunk);
  }

  private report(): void {
    if (this.reported || !this.exit) return;
    this.reported = true;
    if (this.drainTimer) clearTimeout(this.drainTimer);
    for (const l of this.exitListeners) l(this.exit);
  }

  /**
   * The chunk is the start of the last `readInto()` buffer, else READ_BUFFER's memory: valid during
   * the call only; copy what must outlive it.
   */
  onData(listener: (data: Buffer) => void): void {
    this.dataListeners.push(listener);
  }

  onExit(listener: (exit: PtyExit) => void): void {
    this.exitListeners.push(listener);
  }

  write(data: string | Buffer): void {
    this.writer.write(data);
  }

  resize(cols: number, rows: number): void {
    // Once the master closed its descriptor number may belong to another file.
    if (this.masterClosed) return;
    try {
      loaded?.native.resize(this.fd, cols, rows);
    } catch {
      // The child already exited: the size no longer matters.
    }
  }

  pause(): void {
    // Once the program exited nothing is held back: what is left in the kernel is read (onExit).
    if (!this.masterClosed && !this.exit) this.master.pause();
  }

  resume(): void {
    if (!this.masterClosed) this.master.resume();
  }

  kill(signal: NodeJS.Signals = 'SIGHUP'): void {
    try {
      // Signal the whole process group so pipelines and children of the shell end too.
      process.kill(-this.pid, signal);
    } catch {
      try {
        process.kill(this.pid, signal);
      } catch {
        // Already gone: nothing left to signal.
      }
    }
  }
}

export const nodePtyBackend: PtyBackend = {
  spawn(o: PtySpawnOptions): PtyProcess {
    loaded ??= loadNative();
    const env = { ...o.env, PWD: o.cwd, TERM: o.env.TERM ?? 'xterm-256color' };
    const exitHook: { onExit: ((code: number, signal: number) => void) | null } = { onExit: null };
    let term: { fd: number; pid: number };
    try {
      term = loaded.native.fork(
        o.file,
        o.args,
        Object.entries(env).map(([k, v]) => `${k}=${v}`),
        o.cwd,
        o.cols,
        o.rows,
        -1,
        -1,
        // IUTF8: the terminal is UTF-8 (xterm.js), so a line editor in cooked mode (`cat`, `read`)
        // erases a whole character on backspace, as in any UTF-8 terminal emulator.
        true,
        loaded.helperPath,
        // Reported through the event loop (node-pty's waiter thread), so always after the process
        // object below exists.
        (code, signal) => exitHook.onExit?.(code, signal),
      );
    } catch (err) {
      throw explainPtySpawnError(err);
    }
    // forkpty(3) leaves the master inheritable: every extension process, hook worker, git and
    // later pane got a writable copy of this terminal, and kept the pane alive past a server
    // SIGKILL. Marked before this function returns, so no spawn can come in between.
    setCloseOnExec(term.fd);
    const pty = new NativePtyProcess({ pid: term.pid, fd: term.fd, exitHook, readInto: o.readInto });
    // The pane's own program only, not its session: a job the user nohup'ed may outlive us.
    const release = childLedger.trackPid(term.pid, { what: 'pane', scope: 'process' });
    pty.onExit(release);
    return pty;
  },
};
