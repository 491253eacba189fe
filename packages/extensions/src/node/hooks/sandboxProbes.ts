// Measurements the sandbox tests and bench/hooks-sandbox.ts take from outside the sandbox: how
// late the parent's event loop runs timers while hooks misbehave, and which child processes the
// parent still has (so a suite can assert it left no worker behind).
import { readdirSync, readFileSync } from 'node:fs';

/** Schedules a timer every `intervalMs` and records how late each one fires. */
export class EventLoopProbe {
  private readonly lags: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private expected = 0;

  constructor(private readonly intervalMs = 5) {}

  start(): void {
    this.expected = performance.now() + this.intervalMs;
    this.timer = setInterval(() => {
      const now = performance.now();
      this.lags.push(Math.max(0, now - this.expected));
      this.expected = now + this.intervalMs;
    }, this.intervalMs);
  }

  stop(): { samples: number; p50Ms: number; p99Ms: number; maxMs: number } {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    const sorted = [...this.lags].sort((a, b) => a - b);
    const at = (fraction: number): number =>
      sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
    return { samples: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted.at(-1) ?? 0 };
  }
}

/** Live child processes of `parentPid` (Linux /proc), with their command lines. */
export function childProcessesOf(parentPid: number): { pid: number; command: string }[] {
  const children: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (ppid) follows the parenthesised command name, which may itself contain spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== parentPid || fields[0] === 'Z') continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      children.push({ pid: Number(entry), command });
    } catch {
      // The process ended while we looked: it is not a leftover.
    }
  }
  return children;
}

/** True while a process with this pid exists (and is not a zombie). */
export function processExists(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
