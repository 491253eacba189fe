// Case S04: a pane that cannot start says why, in one line, before any pane exists — a missing
// or non-executable `--argv` program (split used to answer 0 and show a pane that died at once),
// and a PTY the kernel refuses (node-pty's bare "forkpty(3) failed." now carries its cause).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { PaneInfo } from '../../src/session/model';
import { startServerForFile } from '../fileServer';
import { fdCount, runCli, type TestServer } from '../harness';

let s: TestServer;
startServerForFile((started) => (s = started));

const paneCount = async () => (await s.call<PaneInfo[]>('panes.list')).length;

it('S04 split --argv with a missing or non-executable program fails in one line and adds no pane', async () => {
  const before = await paneCount();
  const cases: [string, RegExp][] = [
    ['no-such-program-here', /no program 'no-such-program-here' on PATH$/],
    ['plain.txt', /plain\.txt is not executable$/],
  ];
  writeFileSync(join(s.home, 'plain.txt'), 'not a program\n', { mode: 0o644 });
  const first = await runCli(s.env, ['split', '--argv', '/nonexistent']);
  expect(first.code).toBe(1);
  expect(first.stderr.trim().split('\n')).toHaveLength(1);
  expect(first.stderr.trim()).toMatch(/could not start \/nonexistent: no such file \/nonexistent$/);
  for (const [program, message] of cases)
    await expect(
      s.call('panes.split', {
        target: 1,
        cwd: s.home,
        argv: [program.includes('.') ? `./${program}` : program],
      }),
    ).rejects.toThrow(message);
  expect(await paneCount()).toBe(before);
  // A program that exists still starts.
  expect(await s.call('panes.split', { target: 1, argv: ['sleep', '30'] })).toMatchObject({ pane: {} });
});

it('S04 a PTY refused for want of descriptors names that cause, and the server goes on', async () => {
  const pid = s.proc.pid as number;
  const [soft, hard] = execFileSync(
    'prlimit',
    ['--pid', String(pid), '--nofile', '-o', 'SOFT,HARD', '--raw', '--noheadings'],
    { encoding: 'utf8' },
  )
    .trim()
    .split(/\s+/);
  // Leave room for the request itself (the socket connection) but not for a PTY's two.
  execFileSync('prlimit', ['--pid', String(pid), `--nofile=${fdCount(pid) + 2}:${hard}`]);
  let message = '';
  try {
    for (let i = 0; i < 5 && message === ''; i++)
      await s
        .call('panes.split', { target: 1, argv: ['sleep', '30'] })
        .catch((e: Error) => (message = e.message));
  } finally {
    execFileSync('prlimit', ['--pid', String(pid), `--nofile=${soft}:${hard}`]);
  }
  expect(message, message).toMatch(
    /forkpty\(3\) failed: this server has too many open files \(.*raise ulimit -n or close panes\)$/,
  );
  expect(message).not.toMatch(/forkpty\(3\) failed\.$/);
  expect(await s.call('panes.split', { target: 1, argv: ['sleep', '30'] })).toMatchObject({ pane: {} });
});
