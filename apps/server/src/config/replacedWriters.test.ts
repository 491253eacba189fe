// The /proc look-up behind config edits' wait for late writers, against real shells holding a
// file that a rename then replaces: a writer is seen until it closes, a reader never is.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { heldForWriting, replacedPathOf, waitForReplacedWriters } from './replacedWriters';

let dir: string;
let file: string;
let child: ChildProcess | null = null;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rozi-replaced-'));
  file = join(dir, 'config.toml');
  writeFileSync(file, 'old\n');
});

afterEach(() => {
  child?.kill('SIGKILL');
  child = null;
  rmSync(dir, { recursive: true, force: true });
});

/** A shell that opens `file` with `redirect` (e.g. `3>>`), says so, then runs `then`. */
async function holder(redirect: string, then: string): Promise<ChildProcess> {
  const c = spawn('sh', ['-c', `exec ${redirect}"$0"; echo opened; ${then}`, file], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  await new Promise<void>((resolve) => c.stdout!.once('data', () => resolve()));
  return c;
}

function replace(): string {
  writeFileSync(join(dir, 'new'), 'new\n');
  renameSync(join(dir, 'new'), file);
  const deleted = replacedPathOf(file);
  expect(deleted).not.toBeNull();
  return deleted!;
}

it('sees a process that holds the replaced file open for writing, until it closes it', async () => {
  child = await holder('3>>', 'read _; exec 3>&-; echo closed; sleep 30');
  const deleted = replace();
  expect(heldForWriting(deleted)).toBe(true);
  expect(heldForWriting(`${file}.other (deleted)`)).toBe(false);
  const closed = new Promise<void>((resolve) => child!.stdout!.once('data', () => resolve()));
  child.stdin!.write('\n');
  await closed;
  expect(heldForWriting(deleted)).toBe(false);
});

it('waits for a late writer and returns once it closed', async () => {
  child = await holder('3>>', 'read _; sleep 0.2; echo late >&3; exec 3>&-; sleep 30');
  const deleted = replace();
  expect(heldForWriting(deleted)).toBe(true);
  // Released only now: the wait below is synchronous, so the shell's cue must be on its way first.
  await new Promise<void>((resolve) => child!.stdin!.write('\n', () => resolve()));
  expect(waitForReplacedWriters(file)).toBe(true);
  expect(heldForWriting(deleted)).toBe(false);
});

it('does not count a process that only reads the replaced file', async () => {
  child = await holder('3<', 'sleep 30');
  const deleted = replace();
  expect(heldForWriting(deleted)).toBe(false);
});

it('has nothing to wait for when the folder is gone', () => {
  expect(replacedPathOf(join(dir, 'missing', 'config.toml'))).toBeNull();
  expect(waitForReplacedWriters(join(dir, 'missing', 'config.toml'))).toBe(true);
});
