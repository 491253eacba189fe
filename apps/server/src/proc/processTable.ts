// The one reader of the process table (Linux /proc), with two faces over the same parsing:
// - `procProcessTable` (ProcessTable): what session code asks per pane — the foreground process
//   and the live cwd.
// - `createProcReader` (ProcReader): what the status service's process tier uses — a stat-only
//   scan of every process (one read each, no argv), single stats, and argv/exe/environ details
//   for the few processes detection looks at.
// Reads are synchronous on purpose: /proc files are generated in memory and take microseconds,
// and a scan must see one consistent moment rather than interleave with PTY events.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

/** One /proc/<pid>/stat line, parsed. */
export interface ProcStat {
  pid: number;
  /** `comm`, the kernel's short name (15 chars max); changes on exec. */
  comm: string;
  ppid: number;
  /** Process group id. */
  pgid: number;
  /** Session id. */
  sid: number;
  /** Foreground process group of the process's controlling terminal (-1 without a terminal). */
  tpgid: number;
  /** Kernel start time in clock ticks since boot: with pid it names one process incarnation. */
  startTime: number;
  /** One letter (R, S, D, Z zombie, T stopped, ...). */
  state: string;
  /**
   * Where this program image laid out its arguments and environment (stat fields 48–51,
   * arg_start…env_end): every exec writes them afresh, at a randomised address, while pid,
   * start time and often comm stay the same. A forked child before its exec still shows its
   * parent's layout. '0:0:0:0' inside exec and for processes whose memory we may not read.
   */
  image: string;
}

export interface ProcessEntry {
  pid: number;
  ppid: number;
  /** Process group id. */
  pgrp: number;
  /** Foreground process group of the process's controlling terminal (-1 without a terminal). */
  tpgid: number;
  /** Kernel start time in clock ticks since boot: with pid it names one process incarnation. */
  startTime: number;
  /** `comm`, the kernel's short name (15 chars max). */
  comm: string;
  /** Full argument vector; empty for kernel threads and zombies. */
  argv: string[];
}

export interface ForegroundProcess {
  pid: number;
  /** Basename of argv[0] (or comm when argv is empty). */
  program: string;
  args: string[];
  argv: string[];
}

export interface ProcessTable {
  read(pid: number): ProcessEntry | null;
  /** The process leading the foreground process group of `pid`'s terminal. */
  foreground(pid: number): ForegroundProcess | null;
  cwd(pid: number): string | null;
  /** Every process, with argv. */
  list(): ProcessEntry[];
}

export interface ProcDetails {
  /** Target of /proc/<pid>/exe; null when unreadable (another user's process, a zombie). */
  exe: string | null;
  argv: string[];
  /** The requested environment variables the process has (createProcReader's `envVars`). */
  env: Record<string, string>;
  /**
   * /proc/<pid>/environ read empty: a process caught inside exec, whose arguments are laid out a
   * moment before its environment (or, rarely, one started with none). Not worth caching.
   */
  environEmpty?: boolean;
}

export interface ProcReader {
  /** Every process on the machine, one stat read each. */
  scan(): ProcStat[];
  stat(pid: number): ProcStat | null;
  details(pid: number): ProcDetails | null;
}

export function parseProcStat(pid: number, text: string): ProcStat | null {
  // comm sits in parentheses and may itself contain spaces and ')': split after the last one.
  const close = text.lastIndexOf(')');
  const open = text.indexOf('(');
  if (close === -1 || open === -1) return null;
  const f = text.slice(close + 2).split(' ');
  const num = (i: number): number => Number(f[i]);
  // Indexes are stat field numbers minus 3 (field 3, state, is f[0]); see proc(5).
  const stat: ProcStat = {
    pid,
    comm: text.slice(open + 1, close),
    ppid: num(1),
    pgid: num(2),
    sid: num(3),
    tpgid: num(5),
    startTime: num(19),
    state: f[0] ?? '?',
    image: `${f[45] ?? 0}:${f[46] ?? 0}:${f[47] ?? 0}:${f[48] ?? 0}`,
  };
  return Number.isFinite(stat.startTime) && Number.isFinite(stat.pgid) ? stat : null;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    // The process exited between listing and reading, or belongs to another user: not ours.
    return null;
  }
}

function readStat(root: string, pid: number): ProcStat | null {
  const text = readText(`${root}/${pid}/stat`);
  return text === null ? null : parseProcStat(pid, text);
}

/** argv from cmdline; null when the process is gone or unreadable, [] for kernel threads. */
function readArgv(root: string, pid: number): string[] | null {
  const raw = readText(`${root}/${pid}/cmdline`);
  if (raw === null) return null;
  if (!raw) return [];
  const parts = raw.split('\0');
  if (parts[parts.length - 1] === '') parts.pop();
  return parts;
}

function pidsIn(root: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync(root)) {
    const c = name.charCodeAt(0);
    if (c >= 48 && c <= 57) out.push(Number(name));
  }
  return out;
}

function basename(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? path : path.slice(i + 1);
}

function entryOf(stat: ProcStat, argv: string[]): ProcessEntry {
  return {
    pid: stat.pid,
    ppid: stat.ppid,
    pgrp: stat.pgid,
    tpgid: stat.tpgid,
    startTime: stat.startTime,
    comm: stat.comm,
    argv,
  };
}

function pickEnv(environ: string | null, names: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  if (!environ || names.length === 0) return env;
  for (const entry of environ.split('\0')) {
    for (const name of names) {
      if (entry.startsWith(name) && entry.charCodeAt(name.length) === 61 /* = */)
        env[name] = entry.slice(name.length + 1);
    }
  }
  return env;
}

export const procProcessTable: ProcessTable = {
  read(pid) {
    const stat = readStat('/proc', pid);
    return stat ? entryOf(stat, readArgv('/proc', pid) ?? []) : null;
  },

  foreground(pid) {
    // Only the pane child's stat is needed (for tpgid); argv is read for the leader alone.
    const stat = readStat('/proc', pid);
    if (!stat) return null;
    if (stat.tpgid === pid || stat.tpgid <= 0) {
      const argv = readArgv('/proc', pid) ?? [];
      const all = argv.length ? argv : [stat.comm];
      return { pid, program: basename(all[0] ?? stat.comm), args: all.slice(1), argv: all };
    }
    const self = entryOf(stat, []);
    let leader = this.read(self.tpgid);
    // The group leader may have exited while its group lives on (e.g. `a | b` after a ends).
    if (!leader && self.tpgid > 0) leader = this.list().find((p) => p.pgrp === self.tpgid) ?? null;
    const fg = leader ?? self;
    const argv = fg.argv.length ? fg.argv : [fg.comm];
    return { pid: fg.pid, program: basename(argv[0] ?? fg.comm), args: argv.slice(1), argv };
  },

  cwd(pid) {
    try {
      return readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      return null;
    }
  },

  list() {
    const out: ProcessEntry[] = [];
    for (const pid of pidsIn('/proc')) {
      const entry = this.read(pid);
      if (entry) out.push(entry);
    }
    return out;
  },
};

/**
 * The process tier's reader. `envVars`: the environment variables `details` reports (detection's
 * ROZI_AGENT / HERDR_AGENT look-through escape hatch); `root` is /proc outside tests.
 */
export function createProcReader(o: { envVars?: readonly string[]; root?: string } = {}): ProcReader {
  const root = o.root ?? '/proc';
  const names = o.envVars ?? [];
  return {
    scan() {
      const out: ProcStat[] = [];
      for (const pid of pidsIn(root)) {
        const s = readStat(root, pid);
        if (s) out.push(s);
      }
      return out;
    },
    stat: (pid) => readStat(root, pid),
    details(pid) {
      const argv = readArgv(root, pid);
      if (argv === null) return null;
      let exe: string | null = null;
      try {
        exe = readlinkSync(`${root}/${pid}/exe`);
      } catch {
        // Unreadable exe link (zombie, kernel thread): argv alone still names the program.
      }
      const environ = readText(`${root}/${pid}/environ`);
      return { exe, argv, env: pickEnv(environ, names), environEmpty: environ === '' };
    },
  };
}
