// The one process-table reader (CONVENTIONS.md: I/O behind an interface): /proc/<pid>/stat for
// the tree and the terminal's foreground group, cmdline/exe/environ only for the few processes a
// pane's detection looks at. Synchronous on purpose: each read is a few microseconds from procfs,
// and a scan must see one consistent moment rather than interleave with PTY events.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { AGENT_ENV_VARS } from '@rozi/detect';

export interface ProcStat {
  pid: number;
  /** Kernel's short name (15 chars); changes on exec, so it keys the details cache. */
  comm: string;
  ppid: number;
  pgid: number;
  sid: number;
  /** Foreground process group of the process's controlling terminal (-1 when none). */
  tpgid: number;
  /** Clock ticks since boot: with the pid, a process identity that is never reused. */
  startTime: number;
}

export interface ProcDetails {
  /** Target of /proc/<pid>/exe; null when unreadable (another user's process, a zombie). */
  exe: string | null;
  argv: string[];
  /** ROZI_AGENT and HERDR_AGENT from the process environment (spec: look-through escape hatch). */
  env: Record<string, string>;
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
  const stat: ProcStat = { pid, comm: text.slice(open + 1, close), ppid: num(1), pgid: num(2), sid: num(3), tpgid: num(5), startTime: num(19) };
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

function parseAgentEnv(environ: string | null): Record<string, string> {
  const env: Record<string, string> = {};
  if (!environ) return env;
  for (const entry of environ.split('\0')) {
    for (const name of AGENT_ENV_VARS) {
      if (entry.startsWith(name) && entry.charCodeAt(name.length) === 61 /* = */) env[name] = entry.slice(name.length + 1);
    }
  }
  return env;
}

export function createProcReader(root = '/proc'): ProcReader {
  const stat = (pid: number): ProcStat | null => {
    const text = readText(`${root}/${pid}/stat`);
    return text === null ? null : parseProcStat(pid, text);
  };
  return {
    scan() {
      const out: ProcStat[] = [];
      for (const name of readdirSync(root)) {
        const c = name.charCodeAt(0);
        if (c < 48 || c > 57) continue;
        const s = stat(Number(name));
        if (s) out.push(s);
      }
      return out;
    },
    stat,
    details(pid) {
      const cmdline = readText(`${root}/${pid}/cmdline`);
      if (cmdline === null) return null;
      let exe: string | null = null;
      try {
        exe = readlinkSync(`${root}/${pid}/exe`);
      } catch {
        // Unreadable exe link (zombie, kernel thread): argv alone still names the program.
      }
      const argv = cmdline.split('\0');
      if (argv.length && argv[argv.length - 1] === '') argv.pop();
      return { exe, argv, env: parseAgentEnv(readText(`${root}/${pid}/environ`)) };
    },
  };
}
