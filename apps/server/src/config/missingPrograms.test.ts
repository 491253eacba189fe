// rozi config check: a command or service whose program is not on PATH is one line naming it.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';
import { missingProgramWarnings, programOf } from './missingPrograms';

const dir = mkdtempSync(join(tmpdir(), 'rozi-path-'));
writeFileSync(join(dir, 'present'), '#!/bin/sh\n');
chmodSync(join(dir, 'present'), 0o755);
writeFileSync(join(dir, 'not-exec'), '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('programs of config.toml commands', () => {
  it('reads the first word after assignments; leaves the shell its own words', () => {
    expect(programOf('FOO=1 BAR=2 lazygit -p x')).toBe('lazygit');
    expect(programOf('"/opt/my tool"')).toBeNull();
    expect(programOf("'/opt/tool'")).toBe('/opt/tool');
    expect(programOf('$EDITOR file')).toBeNull();
    expect(programOf('cd ~ && make')).toBeNull();
    expect(programOf('while true; do sleep 1; done')).toBeNull();
  });

  it('one line for each program that is not there, none for the ones that are', () => {
    const text = [
      '[[commands]]',
      'id = "a"',
      'run = "present --flag"',
      '',
      '[[commands]]',
      'id = "b"',
      'popup = "nosuchprog-xyz"',
      '',
      '[[commands]]',
      'id = "c"',
      'send = "nosuch-but-sent\\n"',
      '',
      '[keys]',
      `g = { exec = "${join(dir, 'not-exec')} x" }`,
      '',
      '[[services]]',
      'name = "w"',
      'run = "echo hi"',
    ].join('\n');
    const out = missingProgramWarnings({
      root: parse(text) as Record<string, unknown>,
      text,
      file: 'c.toml',
      env: { PATH: dir, HOME: dir },
    });
    expect(out).toEqual([
      "c.toml:7: [[commands]] #2 (b) popup: program 'nosuchprog-xyz' is not on PATH; it fails when it runs",
      `c.toml:14: [keys] "g" exec: program '${join(dir, 'not-exec')}' is not an executable file; it fails when it runs`,
    ]);
  });
});
