// node-pty behind the PtyBackend interface. `encoding: null` hands us Buffers, so output is never
// decoded and re-encoded on the hot path (the stream offsets are byte offsets).
import { setCloseOnExec } from '@rozi/cloexec';
import { childLedger } from '@rozi/extensions/node';
import { spawn as ptySpawn, type IPty } from 'node-pty';
import type { PtyBackend, PtyExit, PtyProcess, PtySpawnOptions } from './backend';
import { explainPtySpawnError } from './ptyFailure';

class NodePty implements PtyProcess {
  constructor(private readonly pty: IPty) {}

  get pid(): number {
    return this.pty.pid;
  }

  onData(listener: (data: Buffer) => void): void {
    // With encoding null node-pty emits Buffers although its typings say string.
    this.pty.onData((d) =>
      listener(typeof d === 'string' ? Buffer.from(d, 'utf8') : (d as unknown as Buffer)),
    );
  }

  onExit(listener: (exit: PtyExit) => void): void {
    this.pty.onExit(({ exitCode, signal }) => {
      const sig = signal ? signal : null;
      listener({ code: sig ? 128 + sig : exitCode, signal: sig });
    });
  }

  write(data: string | Buffer): void {
    // node-pty's typings only name string; with encoding null it writes Buffers as bytes.
    this.pty.write(data as string);
  }

  resize(cols: number, rows: number): void {
    try {
      this.pty.resize(cols, rows);
    } catch {
      // Resizing a PTY whose child already exited throws EBADF; the size no longer matters.
    }
  }

  pause(): void {
    this.pty.pause();
  }

  resume(): void {
    this.pty.resume();
  }

  kill(signal: NodeJS.Signals = 'SIGHUP'): void {
    try {
      // Signal the whole process group so pipelines and children of the shell end too.
      process.kill(-this.pty.pid, signal);
    } catch {
      try {
        this.pty.kill(signal);
      } catch {
        // Already gone: nothing left to signal.
      }
    }
  }
}

/** node-pty's UnixTerminal has the master as `fd` (a getter its typings do not name). */
function masterFd(pty: IPty): number {
  const fd = (pty as IPty & { fd?: unknown }).fd;
  if (typeof fd !== 'number') throw new Error('node-pty gave no master descriptor');
  return fd;
}

export const nodePtyBackend: PtyBackend = {
  spawn(o: PtySpawnOptions): PtyProcess {
    let pty: IPty;
    try {
      pty = ptySpawn(o.file, o.args, {
        name: o.env.TERM ?? 'xterm-256color',
        cols: o.cols,
        rows: o.rows,
        cwd: o.cwd,
        env: o.env,
        encoding: null,
      });
    } catch (err) {
      throw explainPtySpawnError(err);
    }
    // forkpty(3) leaves the master inheritable: every extension process, hook worker, git and
    // later pane got a writable copy of this terminal, and kept the pane alive past a server
    // SIGKILL. Marked before this function returns, so no spawn can come in between.
    setCloseOnExec(masterFd(pty));
    // The pane's own program only, not its session: a job the user nohup'ed may outlive us.
    const release = childLedger.trackPid(pty.pid, { what: 'pane', scope: 'process' });
    pty.onExit(release);
    return new NodePty(pty);
  },
};
