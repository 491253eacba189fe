// Extension placement on remote hosts (issue 19 item 6, spec 003 "Run on the session host")
// against two real sshd hosts, each a real second account: an each-host service runs once per
// host (two sessions on one host share it), as the host's account with its HOME, from a
// read-only snapshot of the extension checked by digest; each-session runs one per session there;
// `extensions status` lists the hosts and placed processes; when a host's sshd stops and its link
// drops, the processes there end and the service shows `runtime-unreachable`, once.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { runCli, waitFor } from './harness';
import { remoteFixture, type RemoteFixture } from './remoteFixture';

interface PlacedRow {
  extension: string;
  service: string;
  host: string;
  session: string | null;
  state: string;
  pid: number | null;
  digest: string | null;
  reason: string | null;
}
interface Status {
  hosts: { alias: string; state: string; placed: number }[];
  placed: PlacedRow[];
}

let fx: RemoteFixture;

const status = () => fx.server!.call<Status>('extensions.status', {});
const running = (rows: PlacedRow[], service: string, host: string) =>
  rows.filter((r) => r.service === service && r.host === host && r.state === 'running' && r.pid);

/**
 * The sessions a test needs, made unless an earlier test made them: each test stands alone (a
 * failure in one leaves the next its own start), and every placed service they imply running.
 */
async function placedOn(sessions: Array<{ name: string; host?: string }>): Promise<Status> {
  const s = fx.server!;
  for (const { name, host } of sessions) {
    try {
      await s.call('sessions.create', host ? { name, host } : { name });
    } catch (err) {
      if (!/already exists/.test(String(err))) throw err;
    }
  }
  const want = (host: string) => sessions.filter((x) => x.host === host).length;
  let last: Status | undefined;
  // A failure on a loaded CI box says what placement did and saw (the server's log and rows).
  onTestFailed(() => {
    const log = (s.stderr() ?? '').split('\n').filter((l) => /placement|box|link/.test(l));
    console.error(`server log (placement, links):\n${log.slice(-80).join('\n')}`);
    console.error(`last extensions status: ${JSON.stringify(last)}`);
  });
  return waitFor(
    'placed services running on every host with a session',
    async () => {
      const st = await status();
      last = st;
      const ok = ['box', 'box2'].every(
        (h) =>
          want(h) === 0 ||
          (running(st.placed, 'watch', h).length === 1 && running(st.placed, 'per', h).length >= want(h)),
      );
      return ok ? st : null;
    },
    // A host's cold start plus snapshot and start calls on a loaded 2-core box (the CI's).
    200_000,
  );
}

function procField(pid: number, file: 'status' | 'environ', name: string): string | undefined {
  const text = readFileSync(`/proc/${pid}/${file}`, 'utf8');
  if (file === 'status') return /^Uid:\s+(\d+)/m.exec(text)?.[1];
  return text
    .split('\0')
    .find((l) => l.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

beforeAll(async () => {
  fx = await remoteFixture({
    hosts: ['box', 'box2'],
    // A run hook records ROZI_REMOTE_HOST for each session created (hooks run on the client).
    extraConfig:
      '[[hooks]]\nevent = "session-created"\nrun = \'echo "$ROZI_SESSION ${ROZI_REMOTE_HOST:-local}" >> "$HOME/hook-sessions.txt"\'\n\n',
  });
  const dir = join(fx.home, 'watcher');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  // Records who and where it runs, then blocks on stdin (ends at EOF, as a service should).
  writeFileSync(
    join(dir, 'bin', 'watch.sh'),
    '#!/bin/sh\necho "$(id -un) $HOME $ROZI_EXTENSION_DIR ${ROZI_SESSION_NAME:-} $(pwd)" >> "$HOME/placed-$1.txt"\nexec cat\n',
    { mode: 0o755 },
  );
  // Asks rozi what a placed process may do, once a second, and records each answer (spec 003).
  writeFileSync(
    join(dir, 'bin', 'probe.sh'),
    [
      '#!/bin/sh',
      'try() { name=$1; shift; out=$("$ROZI_BIN" "$@" 2>&1); echo "$? $out" > "$HOME/probe-$name.tmp"; mv "$HOME/probe-$name.tmp" "$HOME/probe-$name.txt"; }',
      'while :; do',
      '  try status extensions status',
      '  try capture capture-pane -t dev:1',
      '  try show show-command hidden-one',
      '  sleep 2',
      'done',
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  writeFileSync(
    join(dir, 'extension.toml'),
    [
      '[extension]\nid = "watcher"\napi = 1\n',
      '[[services]]\nname = "watch"\nexec = ["./bin/watch.sh", "watch"]\nplacement = "each-host"\n',
      '[[services]]\nname = "per"\nexec = ["./bin/watch.sh", "per"]\nplacement = "each-session"\n',
    ].join('\n'),
  );
  await fx.start();
  // The probe runs on box only (a second extension keeps the first test's counts as they are).
  const probeDir = join(fx.home, 'prober');
  mkdirSync(join(probeDir, 'bin'), { recursive: true });
  writeFileSync(join(probeDir, 'bin', 'probe.sh'), readFileSync(join(dir, 'bin', 'probe.sh')), {
    mode: 0o755,
  });
  writeFileSync(
    join(probeDir, 'extension.toml'),
    [
      '[extension]\nid = "prober"\napi = 1\n',
      '[[commands]]\nid = "hidden-one"\nlabel = "Hidden one"\nexec = ["true"]\nhidden = true\n',
      '[[services]]\nname = "probe"\nexec = ["./bin/probe.sh"]\nplacement = "each-host"\n',
    ].join('\n'),
  );
  expect((await runCli(fx.server!.env, ['extensions', 'install', '--link', probeDir])).stderr).toBe('');
  const r = await runCli(fx.server!.env, ['extensions', 'install', '--link', dir]);
  expect(r.stderr).toBe('');
}, 300_000);

afterAll(async () => {
  await fx?.cleanup();
}, 60_000);

describe('placement on remote hosts', () => {
  it('runs each-host once per host and each-session per session, as the host account from a read-only snapshot', async () => {
    const s = fx.server!;
    const rows = await placedOn([
      { name: 'dev', host: 'box' },
      { name: 'ops', host: 'box' },
      { name: 'dev', host: 'box2' },
    ]);
    expect(running(rows.placed, 'per', 'box')).toHaveLength(2);
    expect(running(rows.placed, 'per', 'box2')).toHaveLength(1);
    expect(rows.hosts.map((h) => h.alias).sort()).toEqual(['box', 'box2']);
    for (const [i, alias] of ['box', 'box2'].entries()) {
      const account = fx.hosts[i]!.account;
      const watch = running(rows.placed, 'watch', alias)[0]!;
      // The process is the host account's, with its HOME (not the client's).
      expect(procField(watch.pid!, 'status', 'Uid')).toBe(String(account.uid));
      expect(procField(watch.pid!, 'environ', 'HOME')).toBe(account.home);
      expect(procField(watch.pid!, 'environ', 'ROZI_EXTENSION_CREDENTIAL')).toBeTruthy();
      const lines = await waitFor('the each-host record', () => {
        const f = join(account.home, 'placed-watch.txt');
        return existsSync(f) ? readFileSync(f, 'utf8').trim().split('\n') : null;
      });
      // Once per host, although box has two sessions.
      expect(lines).toHaveLength(1);
      const [user, home, extDir, , cwd] = lines[0]!.split(' ');
      expect(user).toBe(account.user);
      expect(home).toBe(account.home);
      expect(extDir).toBe(
        join(account.home, '.local/share/rozi/placed', watch.digest!.slice('sha256:'.length)),
      );
      expect(cwd).toBe(extDir);
      // Read-only: the snapshot and its files carry no write bit.
      expect(statSync(extDir!).mode & 0o222).toBe(0);
      expect(statSync(join(extDir!, 'bin', 'watch.sh')).mode & 0o222).toBe(0);
      const per = await waitFor('the each-session records', () => {
        const f = join(account.home, 'placed-per.txt');
        const l = existsSync(f) ? readFileSync(f, 'utf8').trim().split('\n') : [];
        // Whole lines only (five fields, the session's may be empty): the 15:34 CI run read the
        // file between the shell's `>>` creating it and echo writing, '' counted as one line.
        const whole = l.every((line) => line.split(' ').length === 5);
        return whole && l.length === (alias === 'box' ? 2 : 1) ? l : null;
      });
      expect(per.map((l) => l.split(' ')[3]).sort()).toEqual(alias === 'box' ? ['dev', 'ops'] : ['dev']);
    }
    const text = await runCli(s.env, ['extensions', 'status', '--format', 'text']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/host box: connected/);
    expect(text.stdout).toMatch(/watcher\s+host box\s+service\.watch\s+running/);
    expect(text.stdout).toMatch(/watcher\s+host box2 \(session dev\)\s+service\.per\s+running/);
    // Hooks about a host's session carry ROZI_REMOTE_HOST; a local one does not.
    await s.call('sessions.create', { name: 'here' });
    const hooked = await waitFor('the hook records', () => {
      const f = join(fx.home, 'hook-sessions.txt');
      const l = existsSync(f) ? readFileSync(f, 'utf8').trim().split('\n') : [];
      const made = l.filter((x) => !x.startsWith('main '));
      return made.length >= 4 ? made.sort() : null;
    });
    expect(hooked).toEqual(['dev@box box', 'dev@box2 box2', 'here local', 'ops@box box']);
  }, 300_000);

  it('holds a placed process to what it may do: not-permitted, out-of-scope off screen, its own commands on the client', async () => {
    const s = fx.server!;
    await placedOn([{ name: 'dev', host: 'box' }, { name: 'here' }]);
    const home = fx.hosts[0]!.account.home;
    const probe = (name: string) => {
      const f = join(home, `probe-${name}.txt`);
      return existsSync(f) ? readFileSync(f, 'utf8') : '';
    };
    // A local session on screen: box's pane commands are out of scope for the probe there.
    await s.call('panes.focus', { target: 'here:1' });
    await waitFor(
      'capture refused out of scope',
      () => /^[1-9]\d* .*on screen/.test(probe('capture')),
      180_000,
    );
    // dev@box on screen: in scope.
    await s.call('panes.focus', { target: 'dev@box:1' });
    await waitFor('the probe capturing dev:1 in scope', () => /^0 /.test(probe('capture')), 120_000);
    expect(probe('status')).toMatch(/^[1-9]\d* .*not permitted/);
    // show-command reaches this client's palette with the probe's host credential.
    await waitFor('the hidden command shown in the palette', async () => {
      const rows = await s.call<{ id: string }[]>('extensions.palette');
      return rows.some((r) => r.id === 'prober.hidden-one');
    });
    expect(probe('show')).toMatch(/^0/);
  }, 360_000);

  it('ends the processes on a host whose link drops and shows runtime-unreachable once', async () => {
    const s = fx.server!;
    const placed = await placedOn([
      { name: 'dev', host: 'box' },
      { name: 'dev', host: 'box2' },
    ]);
    const before = running(placed.placed, 'watch', 'box2')[0]!;
    // Only what the drop causes counts (a call that timed out earlier on a busy box may have told).
    type Note = { id: number; title: string | null };
    const seen = new Set((await s.call<Note[]>('workspace.notifications')).map((n) => n.id));
    const box2 = fx.hosts[1]!;
    await box2.sshd.stop();
    const link = await s.call<{ pid: number }>('hosts.link', { alias: 'box2' });
    process.kill(link.pid, 'SIGKILL');
    await waitFor(
      'the placed process on box2 ended with its link',
      () =>
        !existsSync(`/proc/${before.pid}`) ||
        /State:\s+Z/.test(readFileSync(`/proc/${before.pid}/status`, 'utf8')),
      60_000,
    );
    const st = await waitFor(
      'runtime-unreachable on box2',
      async () => {
        const x = await status();
        const rows = x.placed.filter((r) => r.host === 'box2' && r.extension === 'watcher');
        return rows.length === 2 && rows.every((r) => r.reason === 'runtime-unreachable') ? x : null;
      },
      60_000,
    );
    // The other host keeps running.
    expect(running(st.placed, 'watch', 'box')).toHaveLength(1);
    const notes = await waitFor('the notification', async () => {
      const list = await s.call<Note[]>('workspace.notifications');
      const mine = list.filter(
        (n) =>
          !seen.has(n.id) && /^watcher\.\w+ unavailable on box2: runtime-unreachable/.test(n.title ?? ''),
      );
      return mine.length ? mine : null;
    });
    // Once per reason, although two services became unavailable.
    expect(notes).toHaveLength(1);
    const text = await runCli(s.env, ['extensions', 'status', '--format', 'text']);
    expect(text.stdout).toMatch(/runtime-unreachable/);
  }, 360_000);
});
