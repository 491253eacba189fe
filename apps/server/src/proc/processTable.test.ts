// The one /proc reader, against this very process and a spawned child: both faces (session's
// ProcessTable, the status tier's ProcReader) read the same facts, and the stat parser survives a
// comm with spaces and parentheses.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createProcReader, parseProcStat, procProcessTable } from './processTable';

describe('processTable', () => {
  it('parses a stat line whose comm holds spaces and parentheses', () => {
    const line = '4242 (a) b (c)) S 1 4242 4242 34816 4300 4194560 0 0 0 0 0 0 0 0 20 0 1 0 987654 0 0';
    expect(parseProcStat(4242, line)).toEqual({
      pid: 4242,
      comm: 'a) b (c)',
      state: 'S',
      ppid: 1,
      pgid: 4242,
      sid: 4242,
      tpgid: 4300,
      startTime: 987654,
      // A short line (an old kernel) has no layout fields: no image to compare.
      image: '0:0:0:0',
    });
    expect(parseProcStat(1, 'garbage')).toBeNull();
  });

  it('reads the same process identically through both faces, details only on request', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      env: { ...process.env, ROZI_AGENT: 'mca' },
    });
    try {
      const pid = child.pid as number;
      const reader = createProcReader({ envVars: ['ROZI_AGENT'] });
      const stat = reader.stat(pid);
      const entry = procProcessTable.read(pid);
      expect(stat).toMatchObject({ pid, ppid: process.pid });
      expect(entry).toMatchObject({
        pid,
        ppid: process.pid,
        pgrp: stat?.pgid,
        startTime: stat?.startTime,
        comm: stat?.comm,
      });
      expect(entry?.argv.slice(1)).toEqual(['-e', 'setInterval(() => {}, 1000)']);
      expect(reader.scan().find((s) => s.pid === pid)).toEqual(stat);
      const details = reader.details(pid);
      expect(details?.argv).toEqual(entry?.argv);
      expect(details?.exe).toBe(process.execPath);
      expect(details?.env).toEqual({ ROZI_AGENT: 'mca' });
      expect(createProcReader().details(pid)?.env).toEqual({});
      expect(procProcessTable.cwd(pid)).toBe(process.cwd());
    } finally {
      child.kill();
    }
    expect(createProcReader().details(2 ** 22 + 1)).toBeNull();
  });

  it('an exec changes the image even where pid, start time and comm stay the same', async () => {
    // bash execs bash: what a pane's forked child does to the server's `node` (fork, then exec
    // `env`, which execs `node` again). Cached by comm alone, the first image's argv and
    // environment were kept for the second (an inbox e2e read no agent for 30 s).
    const child = spawn('bash', ['-c', 'read a; exec env ROZI_AGENT=kiro bash -c "read b"'], {
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    try {
      const pid = child.pid as number;
      const reader = createProcReader({ envVars: ['ROZI_AGENT'] });
      const waitFor = async (ok: () => boolean) => {
        for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
      };
      await waitFor(() => (reader.details(pid)?.argv.length ?? 0) > 0);
      const before = reader.stat(pid);
      expect(before?.image).toMatch(/^[1-9]\d*:\d+:\d+:\d+$/);
      expect(reader.details(pid)?.env).toEqual({});
      child.stdin?.write('go\n');
      await waitFor(() => reader.details(pid)?.env.ROZI_AGENT === 'kiro');
      const after = reader.stat(pid);
      expect(after).toMatchObject({ comm: 'bash', startTime: before?.startTime });
      expect(after?.image).not.toBe(before?.image);
      expect(reader.details(pid)?.argv).toEqual(['bash', '-c', 'read b']);
    } finally {
      child.kill();
      await once(child, 'exit');
    }
  });
});
