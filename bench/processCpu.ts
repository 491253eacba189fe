// CPU time by group of processes between two moments (bench/remote-hosts.ts: which process a
// byte's path spends most on). Reads /proc/<pid>/stat (utime + stime) and the owner's uid; a
// process that starts in between counts from zero, one that ends in between is lost.
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcInfo {
  pid: number;
  ppid: number;
  uid: number;
  comm: string;
}

export type CpuSample = Map<number, { group: string; ticks: number }>;

const TICKS_PER_S = 100;

export function sampleCpu(classify: (p: ProcInfo) => string | null): CpuSample {
  const out: CpuSample = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const f = stat.slice(close + 2).split(' ');
      const uid = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1] ?? -1);
      const group = classify({ pid: Number(name), ppid: Number(f[1]), uid, comm });
      if (group) out.set(Number(name), { group, ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return out;
}

/** Seconds of CPU per group from `a` to `b`, added into `into`. */
export function addCpu(into: Map<string, number>, a: CpuSample, b: CpuSample): void {
  for (const [pid, x] of b) {
    const d = (x.ticks - (a.get(pid)?.ticks ?? 0)) / TICKS_PER_S;
    into.set(x.group, (into.get(x.group) ?? 0) + Math.max(0, d));
  }
}
