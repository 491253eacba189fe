// Case A09: another user of the machine creates /tmp/rozi-<uid> first (world-writable, theirs) and
// listens there. The CLI must not send them a byte — a prompt or send-text would hand over text
// meant for the user's own terminal — and must not print what they answer. It says so in one line.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { makeHome, removeHome, runCli } from '../harness';

const home = makeHome();
const tmp = mkdtempSync(join(tmpdir(), 'rozi-shared-tmp-'));
afterAll(() => {
  removeHome(home.home);
  rmSync(tmp, { recursive: true, force: true });
});

it('A09 the CLI refuses a socket another user planted in a world-writable /tmp/rozi-<uid>', async () => {
  chmodSync(tmp, 0o1777);
  const planted = join(tmp, `rozi-${process.getuid?.() ?? 0}`);
  mkdirSync(planted, { mode: 0o777 });
  chmodSync(planted, 0o777);
  const heard: string[] = [];
  const attacker = createServer((c) => {
    heard.push('connection');
    c.on('data', (d) => heard.push(d.toString()));
    c.end('{"id":1,"ok":true,"data":[]}\n');
  });
  const sock = join(planted, 'rozi.sock');
  await new Promise<void>((r) => attacker.listen(sock, r));
  chownSync(sock, 65534, 65534);
  chownSync(planted, 65534, 65534);
  try {
    // No ROZI_SOCKET: the default path under TMPDIR, as on a machine without XDG_RUNTIME_DIR.
    const env = { ...home.env, ROZI_SOCKET: undefined, XDG_RUNTIME_DIR: undefined, TMPDIR: tmp };
    const r = await runCli(env, ['--format', 'json', 'send-text', '--target', '1', 'my secret']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, code: 'untrusted-socket' });
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`refusing to talk to ${sock}`);
    // Made ours again, but still world-writable: refused too (anyone could swap the socket).
    chownSync(planted, process.getuid?.() ?? 0, 0);
    chownSync(sock, process.getuid?.() ?? 0, 0);
    const again = await runCli(env, ['--format', 'json', 'list-panes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/writable by others/);
    expect(heard).toEqual([]);
  } finally {
    attacker.close();
  }
}, 60_000);
