import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ChildLedger, readLedgerDir } from './childLedger';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Running, not a zombie (init here is slow to reap reparented children). */
function alive(pid: number): boolean {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

it('keeps a group whose leader exited while a member runs, and ends it with endAll', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-'));
  dirs.push(dir);
  const ledger = new ChildLedger();
  ledger.persistTo({ dir, startTimeOf: () => 42 });
  // The leader exits at once; its background sleep stays in the group.
  const child = spawn('sh', ['-c', 'sleep 30 & echo $!'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  ledger.track(child, { what: 'test', scope: 'group' });
  const member = await new Promise<number>((r) =>
    child.stdout.once('data', (d: Buffer) => r(Number(String(d)))),
  );
  await new Promise((r) => child.once('exit', r));
  expect(ledger.list().map((x) => x.pid)).toEqual([child.pid]);
  expect(readLedgerDir(dir).records).toEqual([
    { pid: child.pid, startTime: 42, what: 'test', scope: 'group' },
  ]);
  const ended = await ledger.endAll({ graceMs: 1000 });
  expect(ended).toHaveLength(1);
  await new Promise((r) => setTimeout(r, 50));
  expect(alive(member)).toBe(false);
  expect(readdirSync(dir)).toEqual([]);
});

it('forgets a process when it exits, file and all', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-'));
  dirs.push(dir);
  const ledger = new ChildLedger();
  ledger.persistTo({ dir, startTimeOf: () => 1 });
  const child = spawn('true');
  ledger.track(child, { what: 'true', scope: 'process' });
  expect(existsSync(join(dir, `${child.pid}.json`))).toBe(true);
  await new Promise((r) => child.once('exit', r));
  expect(ledger.list()).toEqual([]);
  expect(readdirSync(dir)).toEqual([]);
});
