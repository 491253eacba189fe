// The one interface between the session logic and the operating system's pseudo-terminals
// (CONVENTIONS.md: I/O behind an interface). node-pty implements it in pty/nodePtyBackend.ts.

export interface PtySpawnOptions {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  cols: number;
  rows: number;
  /**
   * Where each read of the terminal should land (the pane's ring, stream/ringBuffer.ts
   * `writable()`), asked again after every read: the chunk given to onData is then the start of
   * it, read in place. Without it reads go to the backend's own buffer.
   */
  readInto?: () => Buffer;
}

export interface PtyExit {
  /** Exit status, or 128 + signal number when the child was killed by a signal. */
  code: number;
  signal: number | null;
}

export interface PtyProcess {
  readonly pid: number;
  /**
   * Raw output bytes; chunks may end inside a UTF-8 character. A chunk may be the backend's read
   * buffer, valid only during the call: a listener copies what it keeps.
   */
  onData(listener: (data: Buffer) => void): void;
  onExit(listener: (exit: PtyExit) => void): void;
  write(data: string | Buffer): void;
  resize(cols: number, rows: number): void;
  /** Stop reading the PTY so the child blocks on a full kernel buffer (back-pressure). */
  pause(): void;
  resume(): void;
  /** Signal the child's process group; the PTY's fd is released once the child is reaped. */
  kill(signal?: NodeJS.Signals): void;
}

export interface PtyBackend {
  spawn(options: PtySpawnOptions): PtyProcess;
}
