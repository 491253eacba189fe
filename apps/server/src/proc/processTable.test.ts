// The one /proc reader, against this very process and a spawned child: both faces (session's
// ProcessTable, the status tier's ProcReader) read the same facts, and the stat parser survives a
// comm with spaces and parentheses.
import { spawn } from 'node:child_process';
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
});
