// [[commands]] with placement = "active-session" on a remote host (spec 003, "Run on the session
// host"; issue 19 item 6), against real sshd and a real second account: with dev@box on screen the
// command runs ON the host, as its account, in the focused pane's directory there, from the
// read-only snapshot, with the ROZI_* environment of a command and a credential its own `rozi`
// calls carry (pane commands in scope, extensions status not permitted); with a local session on
// screen it runs here; a program the host lacks is missing-executable (one notification); with no
// session attached at all the command is refused with no-session.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, waitFor } from './harness';
import { remoteFixture, type RemoteFixture } from './remoteFixture';
import { Viewer } from './viewer';

let fx: RemoteFixture;

// Records who and where it ran, its ROZI_* environment, and what its own rozi calls answered.
const WHERE = [
  '#!/bin/sh',
  'out="$HOME/where-$1"',
  '{',
  '  echo "user=$(id -un)"',
  '  echo "home=$HOME"',
  '  echo "pwd=$(pwd)"',
  '  env | grep "^ROZI_" | sort',
  '  panes=$("$ROZI_BIN" list-panes --format json 2>&1); echo "panes-exit=$? $panes" | head -c 400; echo',
  '  st=$("$ROZI_BIN" extensions status 2>&1); echo "status-exit=$? $st" | head -1',
  '} > "$out.tmp"',
  'mv "$out.tmp" "$out.txt"',
  '',
].join('\n');

beforeAll(async () => {
  fx = await remoteFixture({ hosts: ['box'] });
  await fx.start();
  const dir = join(fx.home, 'where');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(join(dir, 'bin', 'where.sh'), WHERE, { mode: 0o755 });
  // A clicked row of the command tab: who and where it ran, and the row it got.
  writeFileSync(
    join(dir, 'bin', 'row.sh'),
    '#!/bin/sh\necho "row=$ROZI_ROW user=$(id -un) pwd=$(pwd) session=$ROZI_SESSION_NAME" > "$HOME/row.tmp"\nmv "$HOME/row.tmp" "$HOME/row.txt"\n',
    { mode: 0o755 },
  );
  writeFileSync(
    join(dir, 'extension.toml'),
    [
      '[extension]\nid = "where"\napi = 1\n',
      '[[commands]]\nid = "here"\nlabel = "Where am I"\nexec = ["./bin/where.sh", "cmd"]\nplacement = "active-session"\n',
      '[[commands]]\nid = "gone"\nlabel = "Gone"\nexec = ["rozi-test-no-such-program"]\nplacement = "active-session"\n',
      '[[sidebar_tabs]]\nname = "spot"\nlabel = "Spot"\nplacement = "active-session"\ninterval = 5\n' +
        `command = 'echo "dir=$(pwd)"; echo "user=$(id -un)"; echo "session=$ROZI_SESSION_NAME"; echo "ext={extension_dir}"; echo "sock=$ROZI_SOCKET"'\n` +
        'on_click = { exec = ["./bin/row.sh"] }\n',
    ].join('\n'),
  );
  const r = await runCli(fx.server!.env, ['extensions', 'install', '--link', dir]);
  expect(r.stderr).toBe('');
}, 300_000);

afterAll(async () => {
  await fx?.cleanup();
}, 60_000);

/**
 * Puts SESSION@box on screen (made when missing), its pane's shell first moved into ~/DIR on the
 * host (a directory only the host has) when DIR is given. The focus-changed reaches this server
 * over the link asynchronously: callers wait for its effect.
 */
async function onScreenOnBox(o: { session: string; dir?: string }): Promise<void> {
  const s = fx.server!;
  let made: { pane: { key: number } } | null = null;
  try {
    made = await s.call<{ pane: { key: number } }>('sessions.create', { name: o.session, host: 'box' });
  } catch (err) {
    if (!/already exists/.test(String(err))) throw err;
  }
  if (made && o.dir) {
    const key = made.pane.key;
    // $((2*3)): the echoed line differs from the typed one.
    await s.call('panes.sendText', {
      key,
      text: `mkdir -p "$HOME/${o.dir}" && cd "$HOME/${o.dir}" && echo in-${o.dir}-$((2*3))\r`,
    });
    const seen = `in-${o.dir}-6`;
    await waitFor(
      `the host pane in ${o.dir}`,
      async () => (await s.call<{ lines: string[] }>('panes.capture', { key })).lines.some((l) => l === seen),
      120_000,
    );
  }
  await s.call('panes.focus', { target: `${o.session}@box:1` });
}

function record(home: string): Map<string, string> | null {
  const f = join(home, 'where-cmd.txt');
  if (!existsSync(f)) return null;
  const rows = readFileSync(f, 'utf8').trim().split('\n');
  return new Map(rows.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
}

describe('active-session commands on a remote host', () => {
  it('runs on the host of the session on screen, in its pane directory, with its environment', async () => {
    const s = fx.server!;
    const account = fx.hosts[0]!.account;
    await onScreenOnBox({ session: 'dev', dir: 'proj-x' });
    const ran = await waitFor(
      'the command run on box',
      async () => {
        const r = await s.call<{ host?: string; pid: number | null }>('extensions.runAction', {
          id: 'where.here',
        });
        return r.host === 'box' ? r : null;
      },
      { timeoutMs: 120_000, everyMs: 1000 },
    );
    expect(ran.pid).toBeGreaterThan(0);
    const rec = await waitFor('the record on the host', () => record(account.home), 120_000);
    expect(rec.get('user')).toBe(account.user);
    expect(rec.get('home')).toBe(account.home);
    expect(rec.get('pwd')).toBe(join(account.home, 'proj-x'));
    expect(rec.get('ROZI_EXTENSION')).toBe('where');
    expect(rec.get('ROZI_EXTENSION_DIR')).toMatch(
      new RegExp(`^${account.home}/\\.local/share/rozi/placed/[0-9a-f]{64}$`),
    );
    expect(rec.get('ROZI_SESSION_NAME')).toBe('dev');
    expect(rec.get('ROZI_SOURCE_PANE')).toBe('1');
    expect(rec.get('ROZI_SOURCE_SESSION')).toBeTruthy();
    expect(rec.get('ROZI_EXTENSION_CREDENTIAL')).toBeTruthy();
    // Its socket is the host's placed socket, not the client's.
    expect(rec.get('ROZI_SOCKET')).not.toBe(s.env.ROZI_SOCKET);
    expect(rec.get('ROZI_SOCKET')).toMatch(/\/placed\/[0-9a-f]{16}\.sock$/);
    // Its own rozi calls: a pane command in scope (dev is on screen), extensions status refused.
    expect(rec.get('panes-exit')).toMatch(/^0 /);
    expect(rec.get('status-exit')).toMatch(/^[1-9]\d* .*not permitted/);
  }, 360_000);

  it('lists a command tab on the host of the session on screen, and runs its on_click exec there', async () => {
    const s = fx.server!;
    const account = fx.hosts[0]!.account;
    const viewer = new Viewer(s); // a page is looking: command tabs list only then
    try {
      await viewer.opened;
      await onScreenOnBox({ session: 'tabs', dir: 'proj-t' });
      const rows = await waitFor(
        'the tab listed on box in proj-t',
        async () => {
          const all = await s.call<{ id: string; rows: { label: string }[] }[]>('extensions.sidebarTabs');
          const labels = all.find((t) => t.id === 'where.spot')?.rows.map((r) => r.label) ?? [];
          return labels.includes(`dir=${join(account.home, 'proj-t')}`) ? labels : null;
        },
        { timeoutMs: 120_000, everyMs: 500 },
      );
      expect(rows).toContain(`user=${account.user}`);
      expect(rows).toContain('session=tabs');
      expect(rows.find((l) => l.startsWith('ext='))).toMatch(
        new RegExp(`^ext=${account.home}/\\.local/share/rozi/placed/[0-9a-f]{64}$`),
      );
      expect(rows.find((l) => l.startsWith('sock='))).toMatch(/\/placed\/[0-9a-f]{16}\.sock$/);
      // A click on a row: the tab's exec runs on box with the row, in the same directory.
      await s.call('extensions.sidebarClick', {
        tab: 'where.spot',
        row: { label: 'session=tabs', id: null },
      });
      const clicked = await waitFor(
        'the click record on the host',
        () => {
          const f = join(account.home, 'row.txt');
          return existsSync(f) ? readFileSync(f, 'utf8').trim() : null;
        },
        120_000,
      );
      expect(clicked).toBe(
        `row=session=tabs user=${account.user} pwd=${join(account.home, 'proj-t')} session=tabs`,
      );
    } finally {
      await viewer.close();
    }
  }, 360_000);

  it('is missing-executable on the host when the program is not there, once', async () => {
    const s = fx.server!;
    await onScreenOnBox({ session: 'dev' });
    const failures: string[] = [];
    await waitFor(
      'the command refused on box',
      async () => {
        try {
          await s.call('extensions.runAction', { id: 'where.gone' });
          return null;
        } catch (err) {
          failures.push(String(err));
          return /missing-executable/.test(String(err)) ? true : null;
        }
      },
      { timeoutMs: 120_000, everyMs: 1000 },
    );
    expect(failures.at(-1)).toMatch(/rozi-test-no-such-program is not on this host's PATH/);
    // A second run: the same reason, no second notification.
    await expect(s.call('extensions.runAction', { id: 'where.gone' })).rejects.toThrow(/missing-executable/);
    const notes = await s.call<{ title: string | null }[]>('workspace.notifications');
    expect(notes.filter((n) => n.title === 'where.gone unavailable on box: missing-executable')).toHaveLength(
      1,
    );
  }, 300_000);

  it('runs here with a local session on screen, and is refused with no-session when none is attached', async () => {
    const s = fx.server!;
    await s.call('sessions.create', { name: 'here' });
    await s.call('panes.focus', { target: 'here:1' });
    await waitFor(
      'the command run on this machine',
      async () => {
        const r = await s.call<{ host?: string; pid: number | null }>('extensions.runAction', {
          id: 'where.here',
        });
        return r.host === undefined && r.pid ? r : null;
      },
      { timeoutMs: 120_000, everyMs: 1000 },
    );
    const local = await waitFor('the record here', () => record(fx.home), 120_000);
    expect(local.get('home')).toBe(fx.home);
    // Every session gone, here and on box: nothing is on screen.
    const sessions = await s.call<{ name: string }[]>('sessions.list');
    for (const { name } of sessions) await s.call('sessions.kill', { session: name });
    const err = await waitFor(
      'the no-session refusal',
      async () => {
        try {
          await s.call('extensions.runAction', { id: 'where.here' });
          return null;
        } catch (e) {
          return /no-session/.test(String(e)) ? String(e) : null;
        }
      },
      { timeoutMs: 120_000, everyMs: 1000 },
    );
    expect(err).toMatch(/no session is attached/);
    const notes = await s.call<{ title: string | null }[]>('workspace.notifications');
    expect(notes.some((n) => n.title === 'where.here unavailable on this machine: no-session')).toBe(true);
  }, 300_000);
});
