// A pane's live working directory (terminal.md, Smart focus and cwd inheritance): the shell's own
// OSC 7 report while it sits at its prompt, else /proc, else the directory the pane started in.
import type { ProcessTable } from '../proc/processTable';
import type { Pane } from './pane';
import { isDirectory } from './sessionState';

export class LiveCwd {
  /** Panes whose child has exec'd (see hasExeced); a WeakSet so a disposed pane leaves nothing. */
  private readonly execed = new WeakSet<Pane>();
  private serverArgv: string | undefined;

  constructor(private readonly procs: ProcessTable) {}

  /**
   * Live cwd: the shell's own OSC 7 report when it names an existing local directory and the
   * shell is at its prompt (shell integration; no /proc read), else /proc (foreground process first, then the pane's child),
   * else the start cwd (terminal.md, Smart focus and cwd inheritance).
   */
  of(p: Pane, fgPid?: number): string {
    // While a command runs (`cd /tmp && sleep 30`) the shell reports nothing until its next
    // prompt, so its last report may be stale: /proc is the truth then.
    if (p.reportedCwd !== null && !p.mirror.state.commandRunning && isDirectory(p.reportedCwd))
      return p.reportedCwd;
    if (!this.hasExeced(p)) return p.launch.cwd;
    const procs = this.procs;
    return (
      (fgPid !== undefined ? procs.cwd(fgPid) : null) ??
      (p.pid !== null ? procs.cwd(p.pid) : null) ??
      p.launch.cwd
    );
  }

  /**
   * node-pty forks the server, then chdirs and execs in the child. Until the child's argv differs
   * from the server's own, /proc shows the server's cwd (a list-panes right after a split read the
   * repository's directory on a loaded machine), so the start cwd is the truth until then.
   */
  private hasExeced(p: Pane): boolean {
    if (this.execed.has(p)) return true;
    if (p.pid === null) return false;
    const entry = this.procs.read(p.pid);
    if (!entry) return false;
    this.serverArgv ??= this.procs.read(process.pid)?.argv.join('\0') ?? '';
    if (entry.argv.join('\0') === this.serverArgv) return false;
    this.execed.add(p);
    return true;
  }
}
