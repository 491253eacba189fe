// A pane's headless terminal: the parsed screen + scrollback used by capture-pane, detection and
// the kind 2 (reset) frames of the stream. It runs in the mirror worker thread (mirrorHost.ts; the
// main thread holds a PaneMirror, mirrorClient.ts). @xterm/headless parses only 11–17 MB/s here,
// slower than a PTY can flood, and the worker shares the 2 cores with everything else, so:
//  * output is queued and handed to xterm in MIRROR_CHUNK pieces from a timer, never inline;
//  * while flooding, each piece is followed by a pause of MIRROR_DUTY_RATIO × its parse time, so the
//    mirror takes at most ~1/(1+ratio) of the event loop (10 % with ratio 9; ratio 3 measured
//    42–52 % less seq/colour throughput to a WebSocket viewer in bench/server-throughput.ts);
//  * a flood (MIRROR_FLOOD_BYTES or more unparsed) is not parsed while it lasts, for up to
//    MIRROR_FLOOD_WAIT_MS: the parse starts once output has paused for MIRROR_FLOOD_QUIET_MS (or the
//    wait is over, then with the duty cycle). Most of a flood is skipped (below) or scrolled out by
//    its own end, and parsing it meanwhile took the cores from the PTY → WebSocket path: a fresh
//    pane's first 32 KiB piece of `seq` alone is ~4,000 new scrollback lines, 40–130 ms of the
//    worker's CPU inside a 20 MiB drain of ~350 ms (bench/server-throughput.ts). Reads
//    (`whenParsed`) never wait for this;
//  * when the unparsed backlog passes MIRROR_MAX_BACKLOG, the mirror skips ahead: it drops the
//    backlog and feeds only the last MIRROR_SKIP_TAIL bytes, from its first line start (the screen
//    catches up; scrollback lines inside the skipped part are lost). The page's terminal holds only
//    its newest 1,000 lines and fetches older ones from here (apps/web terminal/historyWindow.ts),
//    so the tail is 1 MiB: after a flood the mirror still holds at least its last MiB whole, a
//    default 5,000-line scrollback of lines up to ~200 bytes (coloured 70-column lines are ~150).
//    It costs the mirror one more MiB of parsing when the flood ends (~70 ms here at full speed),
//    and nothing during it: the duty cycle bounds the parse. It does not reset the terminal: reset() throws away the full
//    scrollback, and the next 5,000 lines are then allocated afresh where a full buffer recycles
//    its oldest line (bench/mirror-flood.ts). SKIP_SEAM instead ends any sequence the cut
//    interrupted and soft-resets the modes and colours. The tail holds no more lines than the
//    screen and scrollback can show: 1 MiB of `seq` is ~130,000 lines, 26 times a 5,000-line
//    scrollback, and parsing the ones that scroll straight out was most of a flood's cost.
// Anyone needing an exact screen (capture, reset frames) calls `whenParsed`, which drains the
// backlog at full speed first.
import xtermHeadless from '@xterm/headless';
import type { Terminal as TerminalType } from '@xterm/headless';
import { SerializeAddon } from '@xterm/addon-serialize';
import { encodeMarksReplay, type ReportedCwd } from '@rozi/detect/shellMarks';
import { CommandMarks } from '../shellIntegration/commandMarks';

export const MIRROR_CHUNK = 32 * 1024;
export const MIRROR_DUTY_RATIO = 9;
export const MIRROR_MAX_BACKLOG = 2 * 1024 * 1024;
export const MIRROR_SKIP_TAIL = 1024 * 1024;
/** An unparsed backlog this large is a flood: its parse waits (see above). */
export const MIRROR_FLOOD_BYTES = 64 * 1024;
/**
 * A flood has ended once nothing was pushed for this long. Above the main thread's gathering interval
 * (mirrorClient.ts, POST_EVERY_MS = 10): a flood reaches the worker as a message every ≤ 10 ms.
 */
export const MIRROR_FLOOD_QUIET_MS = 15;
/** The longest a flood's parse waits: the screen is at most this stale to what is not a read. */
export const MIRROR_FLOOD_WAIT_MS = 1000;
/** Fed before the kept tail: CAN (ends an escape or OSC sequence the cut left open), DECSTR (soft
 * reset: colours, modes, scroll region, cursor visible) and a line break, so the tail's first line
 * starts on a line of its own. */
const SKIP_SEAM = Buffer.from('\x18\x1b[!p\r\n');

export interface MirrorOptions {
  cols: number;
  rows: number;
  scrollback: number;
  /** Stream offset the mirror starts at (0 for a new pane). */
  offset?: number;
  onTitle(title: string): void;
  onBell(): void;
  /** An OSC 7 working-directory report parsed (shell integration). */
  onCwd?(cwd: ReportedCwd): void;
  /** After each piece is parsed (the worker host sends changed modes from here). */
  onParsed?(): void;
  /**
   * MIRROR_DUTY_RATIO by default. In the mirror worker (mirrorHost.ts) nothing else shares its
   * event loop, so it parses with a smaller pause.
   */
  dutyRatio?: number;
}

export class Mirror {
  readonly term: TerminalType;
  /** OSC 133 command marks and the OSC 7 cwd (shellIntegration/commandMarks.ts). */
  readonly marks: CommandMarks;
  private readonly serializer = new SerializeAddon();
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Offset just after the last byte xterm finished parsing. */
  private parsedOffset: number;
  /** Offset just after the last byte queued. */
  private queuedOffset: number;
  private busy = false;
  /** Offset of the first byte of the piece xterm is parsing (while `busy`). */
  private busyFrom = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The delay `timer` was set with. */
  private timerMs = 0;
  private needsSeam = false;
  /** When the backlog became a flood (MIRROR_FLOOD_BYTES), until it is parsed below that again. */
  private floodSince: number | null = null;
  private lastPushAt = 0;
  private urgent = 0;
  private waiters: Array<{ target: number; run: () => void }> = [];
  private disposed = false;
  /** Bytes dropped by skip-ahead (exposed for the benchmark and tests). */
  skippedBytes = 0;
  private readonly dutyRatio: number;
  private readonly onParsed: (() => void) | undefined;

  constructor(o: MirrorOptions) {
    this.term = new xtermHeadless.Terminal({
      cols: o.cols,
      rows: o.rows,
      scrollback: o.scrollback,
      allowProposedApi: true,
    });
    this.term.loadAddon(this.serializer);
    this.term.onTitleChange(o.onTitle);
    this.term.onBell(o.onBell);
    this.marks = new CommandMarks(this.term, { onCwd: o.onCwd });
    this.parsedOffset = this.queuedOffset = o.offset ?? 0;
    this.dutyRatio = o.dutyRatio ?? MIRROR_DUTY_RATIO;
    this.onParsed = o.onParsed;
  }

  /** The offset the terminal state stands for once parsing is idle. */
  get offset(): number {
    return this.parsedOffset;
  }

  /**
   * Offset below which no pushed byte is held any more (parsed, or dropped by skip-ahead): the
   * pieces still queued and the one xterm is parsing all lie above it.
   */
  get released(): number {
    return this.busy ? this.busyFrom : this.queuedOffset - this.pendingBytes;
  }

  push(data: Buffer): void {
    if (this.disposed) return;
    this.pending.push(data);
    this.pendingBytes += data.length;
    this.queuedOffset += data.length;
    this.lastPushAt = performance.now();
    if (this.floodSince === null && this.pendingBytes >= MIRROR_FLOOD_BYTES)
      this.floodSince = this.lastPushAt;
    if (this.pendingBytes > MIRROR_MAX_BACKLOG && !this.urgent) this.skipAhead();
    this.schedule(0);
  }

  /** How much longer a flood's parse waits: until output pauses, at most MIRROR_FLOOD_WAIT_MS in all. */
  private floodWait(): number {
    if (this.floodSince === null || this.urgent) return 0;
    const now = performance.now();
    const quiet = this.lastPushAt + MIRROR_FLOOD_QUIET_MS - now;
    const cap = this.floodSince + MIRROR_FLOOD_WAIT_MS - now;
    return Math.max(0, Math.min(quiet, cap));
  }

  resize(cols: number, rows: number): void {
    this.term.resize(cols, rows);
  }

  /** Runs `fn` synchronously once every byte pushed before this call is parsed. */
  whenParsed<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const run = () => {
        try {
          resolve(fn());
        } catch (err) {
          reject(err);
        }
      };
      if (!this.busy && this.pendingBytes === 0) return run();
      this.urgent++;
      this.waiters.push({
        target: this.queuedOffset,
        run: () => {
          this.urgent--;
          run();
        },
      });
      this.schedule(0);
    });
  }

  /**
   * Screen + scrollback as terminal data that reproduces it (for kind 2 frames), followed by the
   * shell's command marks on those lines (a marks replay, @rozi/detect/shellMarks) when it sent any:
   * a page attaching now draws the earlier commands' gutter bars and jumps to their prompts.
   */
  serialize(): string {
    const screen = this.serializer.serialize({ scrollback: this.term.options.scrollback ?? 0 });
    const marks = this.marks.replay();
    return marks ? screen + encodeMarksReplay(marks) : screen;
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const w of this.waiters.splice(0)) w.run();
    this.marks.dispose();
    this.term.dispose();
  }

  /** Keeps the last MIRROR_SKIP_TAIL queued bytes, taken from the end without copying the rest
   * (concatenating the whole 1 MB backlog first copied every flooding byte once more: 189 ms of
   * the server's CPU in a 40 MiB `seq` drain, bench/server-throughput.ts). */
  private skipAhead(): void {
    const tail: Buffer[] = [];
    let kept = 0;
    // Line feeds left to keep: the screen's rows and the scrollback (a long line wraps to more
    // rows, so this many lines fill at least that many rows).
    let lines = this.term.rows + (this.term.options.scrollback ?? 0);
    let byLines = false;
    for (let i = this.pending.length - 1; i >= 0 && kept < MIRROR_SKIP_TAIL && !byLines; i--) {
      const piece = this.pending[i] as Buffer;
      let from = Math.max(0, piece.length - (MIRROR_SKIP_TAIL - kept));
      for (let end = piece.length; end > from;) {
        const nl = piece.lastIndexOf(0x0a, end - 1);
        if (nl < from) break;
        if (--lines === 0) {
          // The tail starts right after this line feed: a line start.
          from = nl + 1;
          byLines = true;
          break;
        }
        end = nl;
      }
      const part = piece.subarray(from);
      if (part.length === 0) continue;
      tail.unshift(part);
      kept += part.length;
    }
    // Else start at the first line start in the tail (when there is one in it), so no cut line is drawn.
    const head = tail[0];
    const nl = head && !byLines ? head.indexOf(0x0a) : -1;
    if (head && nl >= 0 && nl + 1 < head.length) {
      tail[0] = head.subarray(nl + 1);
      kept -= nl + 1;
    }
    this.skippedBytes += this.pendingBytes - kept;
    this.pending = tail;
    this.pendingBytes = kept;
    this.needsSeam = true;
  }

  /** Removes up to MIRROR_CHUNK bytes from the front of the queue without copying the rest. */
  private takePiece(): Buffer {
    const parts: Buffer[] = [];
    let size = 0;
    while (size < MIRROR_CHUNK && this.pending.length) {
      const head = this.pending[0] as Buffer;
      const n = Math.min(head.length, MIRROR_CHUNK - size);
      parts.push(head.subarray(0, n));
      size += n;
      if (n === head.length) this.pending.shift();
      else this.pending[0] = head.subarray(n);
    }
    this.pendingBytes -= size;
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  }

  private schedule(delay: number): void {
    if (this.busy || this.disposed || this.pendingBytes === 0) return;
    const ms = this.urgent ? 0 : delay;
    if (this.timer) {
      // A read does not wait out a duty pause or a flood's wait; anything else keeps the timer.
      if (!this.urgent || this.timerMs === 0) return;
      clearTimeout(this.timer);
    }
    this.timerMs = ms;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.feed();
    }, ms);
  }

  private feed(): void {
    if (this.disposed || this.busy || this.pendingBytes === 0) return;
    const wait = this.floodWait();
    if (wait > 0) return this.schedule(wait);
    const piece = this.takePiece();
    if (this.needsSeam) {
      // The marks' commands may have ended inside the skipped part: drop them (their lines stay).
      this.needsSeam = false;
      this.marks.reset();
      this.term.write(SKIP_SEAM);
    }
    // Offset of the piece's end: everything queued minus what is still pending.
    const pieceEnd = this.queuedOffset - this.pendingBytes;
    this.busy = true;
    this.busyFrom = pieceEnd - piece.length;
    const startedAt = performance.now();
    this.term.write(piece, () => {
      this.busy = false;
      if (this.disposed) return;
      this.parsedOffset = pieceEnd;
      if (this.pendingBytes < MIRROR_FLOOD_BYTES) this.floodSince = null;
      this.onParsed?.();
      const due = this.waiters.filter((w) => w.target <= pieceEnd || this.pendingBytes === 0);
      if (due.length) {
        this.waiters = this.waiters.filter((w) => !due.includes(w));
        for (const w of due) w.run();
      }
      this.schedule(Math.ceil((performance.now() - startedAt) * this.dutyRatio));
    });
  }
}
