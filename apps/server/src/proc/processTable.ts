// The one reader of the process table (Linux /proc). Session code asks it for a pane's
// foreground process and live cwd; detection later takes its snapshots as values. Reads are
// synchronous: /proc files are generated in memory and take microseconds.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

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
  /** Every process (for detection's process-tree snapshot). */
  list(): ProcessEntry[];
}

function parseStat(pid: number, text: string): Omit<ProcessEntry, 'argv'> | null {
  // comm may contain spaces and parentheses: it ends at the LAST ')'.
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < 0) return null;
  const fields = text.slice(close + 2).split(' ');
  // fields[0] = state (field 3 of stat(5)); ppid = 4, pgrp = 5, tty_nr = 7, tpgid = 8, starttime = 22.
  return {
    pid,
    comm: text.slice(open + 1, close),
    ppid: Number(fields[1]),
    pgrp: Number(fields[2]),
    tpgid: Number(fields[5]),
    startTime: Number(fields[19]),
  };
}

function readArgv(pid: number): string[] {
  try {
    const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!raw) return [];
    const parts = raw.split('\0');
    if (parts[parts.length - 1] === '') parts.pop();
    return parts;
  } catch {
    return [];
  }
}

function basename(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? path : path.slice(i + 1);
}

function readStat(pid: number): Omit<ProcessEntry, 'argv'> | null {
  try {
    return parseStat(pid, readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

export const procProcessTable: ProcessTable = {
  read(pid) {
    const stat = readStat(pid);
    return stat ? { ...stat, argv: readArgv(pid) } : null;
  },

  foreground(pid) {
    // Only the pane child's stat is needed (for tpgid); argv is read for the leader alone.
    const stat = readStat(pid);
    if (!stat) return null;
    if (stat.tpgid === pid || stat.tpgid <= 0) {
      const argv = readArgv(pid);
      const all = argv.length ? argv : [stat.comm];
      return { pid, program: basename(all[0] ?? stat.comm), args: all.slice(1), argv: all };
    }
    const self = { ...stat, argv: [] as string[] };
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
    for (const name of readdirSync('/proc')) {
      const pid = Number(name);
      if (!Number.isInteger(pid)) continue;
      const entry = this.read(pid);
      if (entry) out.push(entry);
    }
    return out;
  },
};
