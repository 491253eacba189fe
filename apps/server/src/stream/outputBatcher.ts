// When a pane's new output is handed to its viewers. node-pty delivers a flood in ~4 KB reads;
// sending each as its own WebSocket frame cost the browser a message event, a typed-array view,
// an xterm.js write and an ack per 4 KB, about half its painting time (bench/web-terminal.mjs).
// So output is coalesced: the first bytes after a quiet spell go out at once, later ones wait for
// one timer per pane (BATCH_WINDOW_MS) unless BATCH_MAX_BYTES are already pending. The first
// output after input reaches the program also goes at once (inputSent), so an echo is never held:
// keys typed less than a window apart (a fast typist, key repeat, a TUI repainting while you type)
// waited for the timer, 3.2 ms of bench/server-latency.ts' 3.5 ms idle echo at its 2 ms key gap.
// The ring holds the bytes meanwhile, so offsets and replay are unaffected.

/** How long bytes may wait for company once output is flowing. */
export const BATCH_WINDOW_MS = 3;
/**
 * Pending bytes that are sent without waiting for the timer: four full frames, written to each
 * viewer's socket in one go (paneViewer.ts, ViewerChannel.corked). At one frame (64 KiB) a flood
 * made a writev per frame, and each woke the reader: the largest share of the main thread's time
 * in bench/server-throughput.ts after the PTY reads themselves.
 */
export const BATCH_MAX_BYTES = 256 * 1024;

export class OutputBatcher {
  private timer: NodeJS.Timeout | null = null;
  private lastFlush = -Infinity;
  /** Bytes noted since the last flush. */
  private pending = 0;
  /** Input went to the program since the last flush: its answer (an echo) goes out at once. */
  private answerDue = false;

  constructor(private readonly flush: () => void) {}

  /** `bytes` new bytes are in the ring. */
  note(bytes: number): void {
    this.pending += bytes;
    if (
      this.answerDue ||
      this.pending >= BATCH_MAX_BYTES ||
      (!this.timer && performance.now() - this.lastFlush >= BATCH_WINDOW_MS)
    ) {
      this.flushNow();
      return;
    }
    this.timer ??= setTimeout(() => this.flushNow(), BATCH_WINDOW_MS);
  }

  /** Input was written to the program: the next output it prints is sent without waiting. */
  inputSent(): void {
    this.answerDue = true;
  }

  /** Hands everything pending to the viewers now (before an exit notice, on dispose). */
  flushNow(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.lastFlush = performance.now();
    if (this.pending === 0) return;
    this.answerDue = false;
    this.pending = 0;
    this.flush();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = 0;
  }
}
