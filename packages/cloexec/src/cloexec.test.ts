import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { isCloseOnExec, setCloseOnExec } from './index';

// node-pty's forkpty master is the real case; a pty from node-pty's open() has the same flags.
const pty = createRequire(import.meta.url)('node-pty/build/Release/pty.node') as {
  open(cols: number, rows: number): { master: number; slave: number };
};

function inheritedBy(fd: number): boolean {
  const out = execFileSync('/bin/sh', ['-c', 'ls /proc/$$/fd'], { encoding: 'utf8' });
  return out.split(/\s+/).includes(String(fd));
}

it('a PTY master is inherited by children until it is marked close-on-exec', () => {
  const { master, slave } = pty.open(80, 24);
  try {
    expect(readlinkSync(`/proc/self/fd/${master}`)).toBe('/dev/ptmx');
    expect(isCloseOnExec(master)).toBe(false);
    expect(inheritedBy(master)).toBe(true);
    setCloseOnExec(master);
    expect(isCloseOnExec(master)).toBe(true);
    expect(inheritedBy(master)).toBe(false);
  } finally {
    closeSync(master);
    closeSync(slave);
  }
});

it('refuses what is not an open descriptor with the errno text', () => {
  const fd = openSync('/dev/null', 'r');
  closeSync(fd);
  expect(() => setCloseOnExec(fd)).toThrow(/Bad file descriptor/);
  expect(() => setCloseOnExec(-1)).toThrow(/file descriptor/);
});
