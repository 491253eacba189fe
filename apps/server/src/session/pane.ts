// One pane: a PTY child, its output ring (what viewers replay) and its headless mirror (what
// capture-pane and detection read). The pane owns all three and disposes them together.
// Output path: PTY bytes → ring → (batched, stream/outputBatcher.ts: at once after a quiet spell,
// else within ~3 ms or at 64 KB) every attached viewer's pump; and → the mirror worker (parsed
// there, off this thread: mirrorClient.ts). The PTY is paused only while every attached viewer
// is above its high watermark (stream/paneViewer.ts), so one stalled browser never stalls others.
import type { EventBus } from '../events/bus';
import type { PtyBackend, PtyProcess } from '../pty/backend';
import type { ProcessTable } from '../proc/processTable';
import { hostname } from 'node:os';
import { isLocalCwdHost, type ReportedCwd } from '@rozi/detect/shellMarks';
import { integratedShell } from '../shellIntegration/injection';
import { ECHO_TRACE, echoMark } from '../stream/echoTrace';
import { OutputBatcher } from '../stream/outputBatcher';
import { RingBuffer } from '../stream/ringBuffer';
import type { StreamSnapshot, StreamSource } from '../stream/streamSource';
import { REPLAY_BYTES, sharedMirrorWorkers, type MirrorWorkers, type PaneMirror } from './mirrorClient';
import type { PaneId, PaneKey, TabId } from './model';
import type { OutputSink } from '../stream/streamSource';
export type { OutputSink };

/** How a pane was started: exactly one of command (shell command line) or argv, or neither (shell). */
/**
 * Bytes the ring may hold unsent beyond every blocked viewer before the PTY is paused (on top of
 * the page's window): at most this much more to draw after a Ctrl-C.
 */
export const PTY_READ_AHEAD = 256 * 1024;

export interface PaneLaunch {
  command: string | null;
  argv: string[] | null;
  cwd: string;
  /** The pane's given name (rename-pane / --title); the live OSC title takes precedence in `title`. */
  name: string | null;
  keepOpen: boolean;
}

export interface PaneEnvironment {
  backend: PtyBackend;
  procs: ProcessTable;
  bus: EventBus;
  /** Base environment for the child (the server's, plus ROZI_SOCKET / ROZI_BIN). */
  env: Record<string, string>;
  shell: string;
  scrollback: number;
  ringBytes: number;
  /**
   * False only for bench/server-throughput.ts (ROZI_BENCH_NO_MIRROR=1): output skips the headless
   * mirror, to measure what the mirror costs the browser path. Capture and detection then see an
   * empty screen, so nothing else may turn it off.
   */
  mirrorOutput?: boolean;
  /** The worker threads mirrors are parsed in (session/mirrorClient.ts); absent: the process's. */
  mirrors?: MirrorWorkers;
  /**
   * rozi's shell integration (shellIntegration/): where its files are, and whether
   * [shell_integration] mode allows it now (read per shell pane). Absent: shells start untouched.
   */
  shellIntegration?: { dir: string; enabled(): boolean };
  /** config.toml `shell` for interactive panes (session/paneDefaults.ts); absent = `shell` above. */
  interactiveShell?: { file: string; args: string[] };
}

export interface PaneInit {
  key: PaneKey;
  id: PaneId;
  session: { readonly name: string };
  tab: TabId;
  launch: PaneLaunch;
  cols: number;
  rows: number;
  /** Output shown before the child's own (restored history after a restart). */
  preamble?: Buffer;
  /** `[environment] forward` from the creating client, over the server's environment (kept in memory only). */
  forwardedEnv?: Record<string, string>;
}

export class Pane implements StreamSource {
  readonly key: PaneKey;
  readonly id: PaneId;
  readonly session: { readonly name: string };
  tab: TabId;
  readonly launch: PaneLaunch;
  cols: number;
  rows: number;
  readonly ring: RingBuffer;
  readonly mirror: PaneMirror;
  oscTitle: string | null = null;
  /** The shell's last OSC 7 report naming a directory on this machine (shell integration). */
  reportedCwd: string | null = null;
  exited = false;
  exitCode: number | null = null;
  bellCount = 0;
  /** Set on the first output byte or once the child has exec'd (pty_ready of split/new-pane). */
  ready = false;
  /** The program has written something: until then the browser shows the pane as starting. */
  wrote = false;
  /** Lines of scrollback the mirror keeps (config `scrollback` at spawn); the page keeps as many. */
  get scrollback(): number {
    return this.envr.scrollback;
  }
  private readonly pty: PtyProcess;
  private readonly viewers = new Set<OutputSink>();
  /** One timer per pane coalesces PTY reads into fewer, larger viewer frames. */
  private readonly batcher = new OutputBatcher(() => {
    for (const v of this.viewers) v.onOutput();
  });
  /** Plain output callbacks (status detection's debounce); unlike viewers they never pause the PTY. */
  private readonly outputListeners = new Set<() => void>();
  /** Each chunk of raw PTY output as it arrives (pane logging, session/paneLogging.ts). */
  readonly dataTaps = new Set<(data: Buffer) => void>();
  private paused = false;
  private disposed = false;
  /** Set when rozi ends the child (kill-pane, a close, shutdown): its exit is not the program's own. */
  killed = false;
  private readonly exitWaiters: Array<() => void> = [];
  private readonly readyWaiters: Array<() => void> = [];

  constructor(
    init: PaneInit,
    private readonly envr: PaneEnvironment,
  ) {
    this.key = init.key;
    this.id = init.id;
    this.session = init.session;
    this.tab = init.tab;
    this.launch = init.launch;
    this.cols = init.cols;
    this.rows = init.rows;
    // Shared blocks: the mirror worker reads the ring's own bytes (mirrorClient.ts), and the ring
    // writes a dropped block again once the worker is past it.
    this.ring = new RingBuffer(envr.ringBytes, 0, {
      released: () => (envr.mirrorOutput === false ? Infinity : this.mirror.released()),
    });
    this.mirror = (envr.mirrors ?? sharedMirrorWorkers()).open({
      cols: init.cols,
      rows: init.rows,
      scrollback: envr.scrollback,
      replay: () => {
        const bytes = this.ring.tail(REPLAY_BYTES);
        return { bytes, offset: this.ring.end - bytes.length };
      },
      onTitle: (title) => {
        this.oscTitle = title;
        this.envr.bus.emit({ type: 'title-changed', title: this.title, ...this.ref() });
        this.envr.bus.workspaceChanged();
      },
      onBell: () => {
        this.bellCount++;
        this.envr.bus.emit({ type: 'bell', ...this.ref() });
      },
      onCwd: (cwd) => this.onReportedCwd(cwd),
    });
    if (init.preamble?.length) {
      this.ring.append(init.preamble);
      this.mirror.push(init.preamble);
    }
    const { file, args, env: programEnv } = this.program();
    // Throws on an impossible spawn (missing cwd, bad program); the manager turns that into a
    // one-line error before the pane is placed in any layout.
    this.pty = envr.backend.spawn({
      file,
      args,
      cwd: init.launch.cwd,
      cols: init.cols,
      rows: init.rows,
      env: {
        ...envr.env,
        ...init.forwardedEnv,
        TERM: 'xterm-256color',
        COLORTERM: 'truecolor',
        ROZI_PANE: String(init.id),
        ROZI_SESSION_NAME: init.session.name,
        ...programEnv,
      },
      // Reads land in the ring itself: onData's append is then no copy.
      readInto: () => this.ring.writable(),
    });
    this.pty.onData((data) => this.onData(data));
    this.pty.onExit(({ code }) => this.onExit(code));
  }

  ref(): { key: PaneKey; session: string; paneId: PaneId } {
    return { key: this.key, session: this.session.name, paneId: this.id };
  }

  get pid(): number | null {
    return this.exited ? null : this.pty.pid;
  }

  /** What list-panes shows: live OSC title, else the given name, else the program. */
  get title(): string {
    return (
      this.oscTitle ||
      this.launch.name ||
      this.launch.argv?.[0] ||
      this.launch.command ||
      this.envr.shell.split('/').pop() ||
      'shell'
    );
  }

  attach(viewer: OutputSink): void {
    this.viewers.add(viewer);
    this.updateFlow();
  }

  /** Calls `listener` after each chunk of output; returns the unsubscribe function. */
  onOutput(listener: () => void): () => void {
    this.outputListeners.add(listener);
    return () => this.outputListeners.delete(listener);
  }

  detach(viewer: OutputSink): void {
    this.viewers.delete(viewer);
    this.updateFlow();
  }

  /**
   * Pauses the PTY only while every attached viewer is blocked and each already has
   * PTY_READ_AHEAD unsent bytes waiting in the ring; with no viewers it runs free. The read-ahead
   * lets a viewer that acks below its low watermark be sent at once from the ring instead of
   * waiting for the PTY's resume to reach the program and its output to come back (the page's
   * parser sat idle 2.8–4.6 s of a 15 MB seq at load 11–18, bench/web-terminal.mjs).
   */
  updateFlow(): void {
    let allBlocked = this.viewers.size > 0;
    let ahead = Infinity;
    for (const v of this.viewers) {
      if (!v.isBlocked()) allBlocked = false;
      ahead = Math.min(ahead, v.unsent?.() ?? Infinity);
    }
    if (allBlocked && ahead >= PTY_READ_AHEAD && !this.paused && !this.exited) {
      this.paused = true;
      this.pty.pause();
    } else if (!allBlocked && this.paused) {
      this.paused = false;
      this.pty.resume();
    }
  }

  write(data: string | Buffer): void {
    if (this.exited) return;
    this.pty.write(data);
    this.batcher.inputSent();
  }

  resize(cols: number, rows: number): void {
    if (cols === this.cols && rows === this.rows) return;
    this.cols = cols;
    this.rows = rows;
    this.mirror.resize(cols, rows);
    if (!this.exited) this.pty.resize(cols, rows);
  }

  /** Resolves once the PTY is ready or after `ms` (resolving to false). */
  waitReady(ms: number): Promise<boolean> {
    if (this.ready || this.exited) return Promise.resolve(true);
    return new Promise((resolve) => {
      const poll = setInterval(() => {
        if (this.childHasExeced()) this.markReady();
      }, 20);
      const timer = setTimeout(() => done(false), ms);
      const done = (ok: boolean) => {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(ok);
      };
      this.readyWaiters.push(() => done(true));
    });
  }

  /** Resolves when the child has exited (immediately if it already has). */
  waitExit(): Promise<void> {
    if (this.exited) return Promise.resolve();
    return new Promise((resolve) => this.exitWaiters.push(resolve));
  }

  /** Ends the child (SIGHUP to its process group, SIGKILL after `graceMs`). */
  kill(graceMs = 1000): Promise<void> {
    if (this.exited) return Promise.resolve();
    this.killed = true;
    this.pty.kill('SIGHUP');
    const hard = setTimeout(() => this.pty.kill('SIGKILL'), graceMs);
    return this.waitExit().then(() => clearTimeout(hard));
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (!this.exited) {
      this.killed = true;
      this.pty.kill('SIGKILL');
    }
    this.batcher.dispose();
    this.viewers.clear();
    this.mirror.dispose();
    // Its memory goes to the next pane's ring once the mirror worker has closed this one's screen.
    this.ring.retire();
  }

  /** The mirror's screen + scrollback and the offset it stands for (stream/streamSource.ts). */
  async snapshot(): Promise<StreamSnapshot> {
    const s = await this.mirror.read({ kind: 'snapshot' });
    return { data: Buffer.from(s.data.buffer, s.data.byteOffset, s.data.byteLength), offset: s.offset };
  }

  /** Output the server itself adds to the stream (exit notice of --keep-open panes). */
  appendLocal(text: string): void {
    this.onData(Buffer.from(text, 'utf8'));
  }

  private program(): { file: string; args: string[]; env: Record<string, string> } {
    const { command, argv } = this.launch;
    if (argv && argv.length) return { file: argv[0] as string, args: argv.slice(1), env: {} };
    if (command) return { file: this.envr.shell, args: ['-c', command], env: {} };
    const si = this.envr.shellIntegration;
    const own = this.envr.interactiveShell ?? { file: this.envr.shell, args: [] };
    // Only the interactive shell of a pane: `command` panes run `$SHELL -c`, which stays untouched;
    // a configured shell with arguments of its own starts as written.
    const integrated =
      si && si.enabled() && own.args.length === 0
        ? integratedShell({ shell: own.file, env: this.envr.env, dir: si.dir })
        : null;
    return integrated ?? { file: own.file, args: own.args, env: {} };
  }

  /** OSC 7: kept only when it names this machine (a remote host's path is no cwd of ours). */
  private onReportedCwd(cwd: ReportedCwd): void {
    this.reportedCwd = isLocalCwdHost(cwd.host, hostname()) ? cwd.path : null;
  }

  private childHasExeced(): boolean {
    const entry = this.envr.procs.read(this.pty.pid);
    // Before exec the child is a fork of this server and shares its argv.
    return entry !== null && entry.argv.length > 0 && entry.argv.join('\0') !== process.argv.join('\0');
  }

  private markReady(): void {
    if (this.ready) return;
    this.ready = true;
    for (const w of this.readyWaiters.splice(0)) w();
  }

  private onData(data: Buffer): void {
    if (this.disposed) return;
    this.wrote = true;
    if (!this.ready) this.markReady();
    if (ECHO_TRACE) echoMark('pty-out', data);
    const from = this.ring.end;
    this.ring.append(data);
    this.batcher.note(data.length);
    // Views of the ring, posted to the worker without a copy (`data` is usually the ring's own
    // memory, read in place; otherwise a buffer valid only during this call).
    if (this.envr.mirrorOutput !== false) for (const view of this.ring.since(from)) this.mirror.push(view);
    // Every viewer blocked: the PTY runs until the read-ahead is in the ring (updateFlow).
    if (!this.paused && this.viewers.size) this.updateFlow();
    for (const l of this.outputListeners) l();
    for (const t of this.dataTaps) t(data);
  }

  private onExit(code: number): void {
    this.exited = true;
    this.exitCode = code;
    this.markReady();
    if (this.paused) this.paused = false;
    // The last output reaches viewers before the exit notice does.
    this.batcher.flushNow();
    for (const v of this.viewers) v.onExit(code);
    this.envr.bus.emit({ type: 'pane-exited', code, killed: this.killed, ...this.ref() });
    this.envr.bus.workspaceChanged();
    for (const w of this.exitWaiters.splice(0)) w();
  }
}
