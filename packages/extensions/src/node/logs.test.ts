import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listLogUnits, readLogTails, UnitLog } from './logs';
import { ensureStateDir, purgeStateDir, stateDirOf } from './state';
import { EXIT_STALE_GENERATION, GenerationTable } from './generation';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rozi-logs-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('UnitLog', () => {
  it('rotates so a unit keeps about its budget, and reads the last lines across the rotation', () => {
    const log = new UnitLog({ dir, unit: 'service.watch', maxBytes: 10_000 });
    for (let i = 0; i < 2_000; i++) log.write(`line ${i}\n`);
    log.event('end exit=0');
    const bytes = statSync(log.file).size + statSync(`${log.file}.1`).size;
    expect(bytes).toBeLessThanOrEqual(10_100);
    const [tail] = readLogTails({ dir, unit: 'service.watch', lines: 3 });
    expect(tail?.lines[0]).toBe('line 1998');
    expect(tail?.lines[2]).toMatch(/^\[\d{4}-.*\] end exit=0$/);
    expect(listLogUnits(dir)).toEqual(['service.watch']);
  });

  it('starts an event on a new line after partial output', () => {
    const log = new UnitLog({ dir, unit: 'commands' });
    log.write('no newline');
    log.event('stopped (reload)');
    const [tail] = readLogTails({ dir });
    expect(tail?.lines).toHaveLength(2);
  });
});

describe('state dir', () => {
  it('is created 0700 whatever the umask, and removed only by purge', () => {
    const old = process.umask(0o022);
    try {
      const d = ensureStateDir(dir, 'tasks');
      expect(statSync(d).mode & 0o777).toBe(0o700);
      expect(ensureStateDir(dir, 'tasks')).toBe(d);
      purgeStateDir(dir, 'tasks');
      expect(() => statSync(stateDirOf(dir, 'tasks'))).toThrow();
    } finally {
      process.umask(old);
    }
  });
});

describe('GenerationTable', () => {
  it('refuses a retired generation with the documented exit code', () => {
    const g = new GenerationTable();
    const first = g.rotate('tasks');
    expect(g.check('tasks', first)).toEqual({ ok: true });
    const second = g.rotate('tasks');
    expect(second).not.toBe(first);
    expect(g.check('tasks', first)).toMatchObject({
      ok: false,
      code: 'stale-generation',
      exitCode: EXIT_STALE_GENERATION,
    });
    g.retire('tasks');
    expect(g.check('tasks', second)).toMatchObject({ ok: false, code: 'extension-not-loaded' });
  });
});
