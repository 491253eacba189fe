// Real command processes: exec without a shell, ./ from the extension dir, cwd, log, failures.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveExecArgv } from './commandArgv';
import { runCommand, type CommandFailure, type RunCommandOptions } from './commandRunner';
import { UnitLog } from './logs';

let root: string;
let extDir: string;
let paneCwd: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rozi-cmd-'));
  extDir = join(root, 'ext');
  paneCwd = join(root, 'pane');
  mkdirSync(join(extDir, 'bin'), { recursive: true });
  mkdirSync(paneCwd);
  writeFileSync(
    join(extDir, 'bin', 'show.sh'),
    '#!/bin/sh\necho "cwd=$(pwd)"\nfor a in "$@"; do echo "arg=$a"; done\nread x && echo "stdin=$x"\nexit ${FAIL:-0}\n',
  );
  chmodSync(join(extDir, 'bin', 'show.sh'), 0o755);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function opts(over: Partial<RunCommandOptions>): {
  o: RunCommandOptions;
  failures: CommandFailure[];
  sent: string[];
  log: UnitLog;
} {
  const failures: CommandFailure[] = [];
  const sent: string[] = [];
  const log = new UnitLog({ dir: join(root, 'logs'), unit: 'commands' });
  const o: RunCommandOptions = {
    extension: 'ext',
    command: 'show',
    run: { kind: 'exec', argv: ['./bin/show.sh', '{extension_dir}/x', '$HOME', '${HOME}', '%HOME%', 'a b'] },
    extensionDir: extDir,
    cwd: paneCwd,
    env: { PATH: process.env.PATH, HOME: '/home/nobody' },
    log,
    sendText: (t) => void sent.push(t),
    onFailure: (f) => void failures.push(f),
    ...over,
  };
  return { o, failures, sent, log };
}

describe('resolveExecArgv', () => {
  it('resolves ./ and ../ programs from the extension directory and substitutes {extension_dir}', () => {
    expect(resolveExecArgv(['./bin/x', './y'], '/e/ext')).toEqual(['/e/ext/bin/x', './y']);
    expect(resolveExecArgv(['../shared/x', '{extension_dir}/a'], '/e/ext')).toEqual([
      '/e/shared/x',
      '/e/ext/a',
    ]);
    expect(resolveExecArgv(['python3', '$VAR'], '/e/ext')).toEqual(['python3', '$VAR']);
  });
});

describe('runCommand', () => {
  it('exec: no shell, literal $VAR, cwd of the focused pane, no stdin, output in the commands log', async () => {
    const { o, failures, log } = opts({});
    const h = runCommand(o);
    expect(await h.exited).toEqual({ code: 0, signal: null });
    const out = readFileSync(log.file, 'utf8');
    expect(out).toContain(`cwd=${paneCwd}`);
    expect(out).toContain(`arg=${extDir}/x`);
    expect(out).toContain('arg=$HOME\n');
    expect(out).toContain('arg=${HOME}\n');
    expect(out).toContain('arg=%HOME%\n');
    expect(out).toContain('arg=a b\n');
    expect(out).not.toContain('stdin=');
    expect(out).toMatch(/show start pid=\d+/);
    expect(out).toMatch(/show end exit=0/);
    expect(failures).toEqual([]);
  });

  it('a non-zero exit raises one failure naming the log', async () => {
    const { o, failures } = opts({ env: { PATH: process.env.PATH, FAIL: '3' } });
    expect((await runCommand(o).exited).code).toBe(3);
    expect(failures).toHaveLength(1);
    expect(failures[0]?.message).toBe(
      'ext.show exited with status 3; see rozi extensions logs ext --unit commands',
    );
  });

  it('a missing program is reported, not thrown', async () => {
    const { o, failures } = opts({ run: { kind: 'exec', argv: ['./bin/missing'] } });
    await runCommand(o).exited;
    expect(failures[0]?.message).toMatch(/failed to start/);
  });

  it('shell goes through the configured command shell; a vanished pane cwd falls back to the extension dir', async () => {
    const { o, log } = opts({
      run: { kind: 'shell', command: 'echo "shell $((1+2))"; pwd' },
      cwd: join(root, 'gone'),
      commandShell: ['/bin/sh', '-c'],
    });
    await runCommand(o).exited;
    const out = readFileSync(log.file, 'utf8');
    expect(out).toContain('shell 3');
    expect(out).toContain(`\n${extDir}\n`);
  });

  it('send delivers text to the pane callback', async () => {
    const { o, sent } = opts({ run: { kind: 'send', text: 'ls {extension_dir}\n' } });
    await runCommand(o).exited;
    expect(sent).toEqual([`ls ${extDir}\n`]);
  });
});
