// Supervisor cases S01–S03 with real processes: no child of the server holds a pane's PTY master,
// a server SIGKILL leaves nothing running once the next server has started (its service runs once,
// not twice), and a clean stop ends every process it started, extension commands included.
import { mkdirSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from '../harness';

const home = makeHome();
let s: TestServer | undefined;
afterAll(async () => {
  if (s && s.proc.exitCode === null) await s.kill9();
  for (const p of processesOf(home.home)) tryKill(p.pid);
  removeHome(home.home);
});

interface Proc {
  pid: number;
  argv: string[];
}

function tryKill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone.
  }
}

/** Every live process whose environment has this test's HOME (the server itself excluded). */
function processesOf(h: string, except: number[] = []): Proc[] {
  const out: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || except.includes(Number(name))) continue;
    try {
      if (/\) Z /.test(readFileSync(`/proc/${name}/stat`, 'utf8'))) continue;
      const env = readFileSync(`/proc/${name}/environ`, 'utf8').split('\0');
      if (!env.includes(`HOME=${h}`)) continue;
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
      out.push({ pid: Number(name), argv });
    } catch {
      // Ended while listing.
    }
  }
  return out;
}

/** ps-like lines for a failure message: pid, parent, group, state. */
function describe(ps: Proc[]): string {
  return ps
    .map((p) => {
      const f = readFileSync(`/proc/${p.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return `${p.pid} ppid=${f[1]} pgid=${f[2]} ${f[0]} ${p.argv.join(' ')}`;
    })
    .join('\n');
}

function ptyMastersOf(pid: number): string[] {
  return readdirSync(`/proc/${pid}/fd`)
    .map((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((t) => t === '/dev/ptmx');
}

const running = (argv: string) => processesOf(home.home).filter((p) => p.argv.join(' ') === argv);

function writeExtension(): string {
  const dir = join(home.home, 'sleeper');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(
    join(dir, 'extension.toml'),
    [
      '[extension]',
      'id = "sleeper"',
      'title = "Sleeper"',
      'description = "a service and a command that run long"',
      'version = "0.1.0"',
      'api = 1',
      '',
      '[[services]]',
      'name = "svc"',
      'exec = ["sh", "{extension_dir}/bin/svc.sh"]',
      'restart = "on-failure"',
      '',
      '[[commands]]',
      'id = "long"',
      'label = "Long"',
      'exec = ["sh", "{extension_dir}/bin/long.sh"]',
      '',
    ].join('\n'),
  );
  // The service lists its descriptors, then waits on a child in its group (a grandchild of ours).
  writeFileSync(
    join(dir, 'bin', 'svc.sh'),
    'ls -l /proc/$$/fd > "$HOME/svc-fds.txt" 2>&1\nsleep 1001 &\nwait\n',
  );
  writeFileSync(join(dir, 'bin', 'long.sh'), 'exec sleep 1002\n');
  return dir;
}

it('S01–S03 no child inherits a PTY master; SIGKILL + restart runs the service once; stop ends all', async () => {
  const dir = writeExtension();
  s = await startServer({ home });
  const r = await runCli(s.env, ['extensions', 'install', dir]);
  expect(r.stderr).toBe('');
  await waitFor('the service', () => running('sleep 1001').length === 1, 20_000);
  await s.call('panes.split', { session: 'main', command: 'sleep 1003' });
  await s.call('extensions.runAction', { id: 'sleeper.long' });
  await waitFor('the command', () => running('sleep 1002').length === 1);

  // S01: the server holds every master; no pane program, service or command holds any.
  const serverPid = s.proc.pid as number;
  const kids = processesOf(home.home, [serverPid]);
  expect(kids.length).toBeGreaterThanOrEqual(5); // 2 panes, sh + sleep of the service, the command
  for (const p of kids) expect(ptyMastersOf(p.pid), p.argv.join(' ')).toEqual([]);
  expect(readFileSync(join(home.home, 'svc-fds.txt'), 'utf8')).not.toContain('ptmx');
  expect(ptyMastersOf(serverPid).length).toBe(2);

  // S03: SIGKILL. The panes hang up, the extension processes get SIGTERM by parent-death signal;
  // what is left (the service's grandchild) the next server ends before it starts its own.
  await s.kill9();
  await waitFor('the panes to hang up', () => running('sleep 1003').length === 0);
  await waitFor('the command to end with the server', () => running('sleep 1002').length === 0);
  s = await startServer({ home });
  await waitFor('the restarted service', () => running('sleep 1001').length >= 1, 20_000);
  expect(s.stderr()).toMatch(/ended \d+ process\(es\) a previous server left running/);
  await new Promise((r) => setTimeout(r, 500));
  expect(running('sleep 1001'), describe(running('sleep 1001')) + s.stderr()).toHaveLength(1);

  // S02: a clean stop ends every process it started, a command still running included.
  await s.call('extensions.runAction', { id: 'sleeper.long' });
  await waitFor('the command', () => running('sleep 1002').length === 1);
  expect(await s.stop()).toBe(0);
  await waitFor('nothing left', () => processesOf(home.home).length === 0, 5000).catch(() => {
    throw new Error(`left running: ${JSON.stringify(processesOf(home.home))}`);
  });
  expect(readdirSync(join(home.home, '.local', 'state', 'rozi', 'children'))).toEqual([]);
}, 120_000);
