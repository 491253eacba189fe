// A vitest reporter that keeps a stuck run from going silent. Every minute it names the test
// files that have run for more than five minutes and the test each is in; past the run's deadline
// (ROZI_TEST_DEADLINE_MIN, 60 by default: CI's whole limit is 90) it prints those files and the process tree, ends every
// process the run started and exits non-zero, so a hang shows up as a failure that names itself
// instead of a CI that never finishes.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

const MINUTE = 60_000;
const STALL_MS = 5 * MINUTE;

interface Running {
  started: number;
  test?: string;
  lastWarned: number;
}

export default class WatchdogReporter implements Reporter {
  private readonly running = new Map<string, Running>();
  private readonly began = Date.now();
  private readonly deadlineMs = Number(process.env.ROZI_TEST_DEADLINE_MIN ?? 60) * MINUTE;
  private timer: NodeJS.Timeout | undefined;

  onInit(): void {
    this.timer = setInterval(() => this.tick(), MINUTE);
    this.timer.unref();
  }

  onTestModuleStart(module: TestModule): void {
    this.running.set(module.moduleId, { started: Date.now(), lastWarned: 0 });
  }

  onTestCaseReady(test: TestCase): void {
    const entry = this.running.get(test.module.moduleId);
    if (entry) entry.test = test.fullName;
  }

  onTestModuleEnd(module: TestModule): void {
    this.running.delete(module.moduleId);
  }

  onTestRunEnd(): void {
    clearInterval(this.timer);
  }

  private tick(): void {
    const now = Date.now();
    for (const [file, entry] of this.running) {
      if (now - entry.started < STALL_MS || now - entry.lastWarned < STALL_MS) continue;
      entry.lastWarned = now;
      process.stderr.write(`watchdog: ${describe(file, entry, now)}\n`);
    }
    if (now - this.began > this.deadlineMs) this.giveUp(now);
  }

  private giveUp(now: number): void {
    const minutes = Math.round(this.deadlineMs / MINUTE);
    process.stderr.write(`\nwatchdog: the test run passed its ${minutes}-minute deadline; still running:\n`);
    for (const [file, entry] of this.running) process.stderr.write(`  ${describe(file, entry, now)}\n`);
    const pids = descendants(process.pid);
    try {
      const args = ['-o', 'pid,ppid,etime,args', '--forest', '-p', pids.join(',')];
      const tree = execFileSync('ps', args, { encoding: 'utf8' });
      process.stderr.write(`watchdog: the run's processes:\n${tree}\n`);
    } catch {
      process.stderr.write('watchdog: ps failed; no process tree\n');
    }
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    process.exit(1);
  }
}

function describe(file: string, entry: Running, now: number): string {
  const minutes = ((now - entry.started) / MINUTE).toFixed(1);
  const at = entry.test ? ` (in "${entry.test}")` : '';
  return `${relative(process.cwd(), file)} running for ${minutes} min${at}`;
}

/** Every live process below `root`, read from /proc (Linux only; empty elsewhere). */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(name));
      children.set(ppid, list);
    } catch {
      // the process ended while we read
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() as number) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}
