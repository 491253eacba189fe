import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findOnPath, LAUNCHER_AGENTS } from './launchers';

const dir = mkdtempSync(join(tmpdir(), 'rozi-launchers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('findOnPath', () => {
  it('finds an executable file and skips a non-executable one', () => {
    writeFileSync(join(dir, 'codex'), '#!/bin/sh\n');
    chmodSync(join(dir, 'codex'), 0o755);
    writeFileSync(join(dir, 'gemini'), 'not executable');
    chmodSync(join(dir, 'gemini'), 0o644);
    const path = ['/nonexistent-rozi', dir].join(delimiter);
    expect(findOnPath('codex', path)).toBe(join(dir, 'codex'));
    expect(findOnPath('gemini', path)).toBeNull();
    expect(findOnPath('codex', undefined)).toBeNull();
  });

  it('lists the first-class agents and claude', () => {
    expect(LAUNCHER_AGENTS.map((a) => a.command).sort()).toEqual(
      [
        'amp',
        'claude',
        'codex',
        'copilot',
        'cursor-agent',
        'droid',
        'gemini',
        'grok',
        'omp',
        'opencode',
        'pi',
      ].sort(),
    );
  });
});
