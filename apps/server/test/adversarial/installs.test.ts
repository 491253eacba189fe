// Install cases with the real CLI: Ctrl-C while git clones (I03). The tree-level cases (I01, I02,
// M01–M03) are units beside the installer (packages/extensions/src/node/installHostile.test.ts).
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { BIN, makeHome, removeHome, runCli, waitFor } from '../harness';

const home = makeHome();
afterAll(() => removeHome(home.home));

/** Whether a pid still runs (a zombie nobody reaped has ended). */
function alive(pid: number): boolean {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

it('I03 Ctrl-C during the clone ends git and leaves no staging directory', async () => {
  const repo = join(home.home, 'repo');
  mkdirSync(repo);
  writeFileSync(
    join(repo, 'extension.toml'),
    '[extension]\nid = "slow"\ntitle = "S"\nversion = "1"\napi = 1\n',
  );
  const g = (...a: string[]) =>
    execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...a], { cwd: repo, stdio: 'ignore' });
  g('init', '-q', '-b', 'main');
  g('add', '-A');
  g('commit', '-qm', 'init');
  // A git that takes its time: as a clone over a slow link does.
  const fake = join(home.home, 'fake-bin');
  mkdirSync(fake);
  writeFileSync(join(fake, 'git'), `#!/bin/sh\necho $$ > "${home.home}/git.pid"\nexec sleep 300\n`);
  chmodSync(join(fake, 'git'), 0o755);
  const cli = spawn(process.execPath, [BIN, 'extensions', 'install', repo], {
    env: { ...home.env, PATH: `${fake}:${home.env.PATH ?? ''}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  cli.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number | null>((r) => cli.once('exit', (code) => r(code)));
  const pidFile = join(home.home, 'git.pid');
  const gitPid = await waitFor(
    'git to start',
    () => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : 0),
    30_000,
  );
  expect(alive(gitPid)).toBe(true);
  cli.kill('SIGINT');
  expect(await exited).toBe(130);
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).toMatch(/interrupted; git was stopped and nothing was installed/);
  await waitFor('git to end', () => !alive(gitPid), 5000);
  const extensions = join(home.home, '.local', 'share', 'rozi', 'extensions');
  expect(readdirSync(extensions).filter((n) => n.startsWith('.staging-'))).toEqual([]);
}, 60_000);

it('I06 extensions new with a 300-character id: one line, exit 2, no ENAMETOOLONG', async () => {
  const r = await runCli(home.env, ['extensions', 'new', 'a'.repeat(300)]);
  expect(r.code).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(/extension id is 300 characters long; ids have at most 128/);
});
