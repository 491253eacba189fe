// rozi's script contract (its control.md and recipes.md), driven as a script written for rozi
// would: the real CLI with piped stdout, and the raw control socket with one {"cmd":…} line.
// Shapes are asserted field by field.
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';

let s: TestServer;

beforeAll(async () => {
  s = await startServer();
}, 60_000);

afterAll(async () => {
  expect(await s.stop()).toBe(0);
  removeHome(s.home);
});

/** Sends lines on one raw connection; collects reply lines until `until` says done. */
function raw(lines: string[], until: (got: unknown[]) => boolean = (g) => g.length >= 1): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const c = createConnection(s.env.ROZI_SOCKET as string);
    const got: unknown[] = [];
    let buf = '';
    c.setEncoding('utf8');
    c.on('data', (d: string) => {
      buf += d;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        got.push(JSON.parse(buf.slice(0, nl)));
        buf = buf.slice(nl + 1);
      }
      if (until(got)) {
        c.destroy();
        resolve(got);
      }
    });
    c.on('error', reject);
    c.on('close', () => resolve(got));
    c.on('connect', () => c.write(lines.map((l) => l + '\n').join('')));
  });
}

const cli = async (args: string[]) => {
  const r = await runCli(s.env, args);
  return { ...r, json: r.stdout ? (JSON.parse(r.stdout) as Record<string, unknown>) : null };
};

const ROW_FIELDS = [
  'session',
  'id',
  'title',
  'workspace',
  'command',
  'argv',
  'foreground_program',
  'foreground_arguments',
  'cwd',
  'status',
  'reported_status',
  'status_reason',
  'agent',
  'agent_state',
];

// Each CLI run starts a Node process (tsx): several per test need more than the default 30 s on
// a loaded machine.
describe('the CLI answers with rozi response shape', { timeout: 180_000 }, () => {
  it('list-panes piped is {"ok":true,"data":[rows with rozi fields]}', async () => {
    const r = await cli(['list-panes']);
    expect(r.code).toBe(0);
    expect(r.json?.ok).toBe(true);
    const rows = r.json?.data as Record<string, unknown>[];
    const row = rows.find((p) => p.id === 1) as Record<string, unknown>;
    for (const f of ROW_FIELDS) expect(row).toHaveProperty(f);
    expect(row).toMatchObject({ session: 'main', workspace: 1, status: 'running', argv: null });
    expect(typeof row.cwd).toBe('string');
    // recipes.md: open=$(rozi list-panes | jq -r '.data[].cwd // empty')
    expect(rows.map((p) => p.cwd).every((c) => typeof c === 'string')).toBe(true);
  });

  it('status VALUE --reason is read back as reported_status / status_reason; --clear removes it', async () => {
    expect((await cli(['status', '--target', '1', 'blocked', '--reason', 'needs approval'])).code).toBe(0);
    const row = async () =>
      ((await cli(['list-panes'])).json?.data as Record<string, unknown>[]).find((p) => p.id === 1);
    expect(await row()).toMatchObject({ reported_status: 'blocked', status_reason: 'needs approval' });
    expect((await cli(['status', '--target', '1', 'reviewing'])).code).toBe(0);
    expect(await row()).toMatchObject({ reported_status: 'reviewing', status_reason: null });
    expect((await cli(['status', '--target', '1', '--clear'])).code).toBe(0);
    expect(await row()).toMatchObject({ reported_status: null, status_reason: null });
  });

  it('split answers id, accepted and pty_ready; new-pane leaves focus unless --focus; focus PANE_ID', async () => {
    const sp = await cli(['split', '--target', '1', '--argv', 'sleep', '300']);
    expect(sp.json).toMatchObject({ ok: true, data: { accepted: true, pty_ready: true } });
    const id = (sp.json?.data as { id: number }).id;
    expect(typeof id).toBe('number');
    expect((await cli(['focus', '1'])).json).toMatchObject({ ok: true, data: { id: 1, focused: true } });
    const np = await cli(['new-pane', '--title', 'Tests', '--argv', 'sleep', '300']);
    expect(np.json).toMatchObject({ ok: true, data: { accepted: true, pty_ready: true, focused: false } });
    const rows = (await cli(['list-panes'])).json?.data as Array<{ id: number; focused: boolean }>;
    expect(rows.find((p) => p.focused)?.id).toBe(1);
    for (const p of [id, (np.json?.data as { id: number }).id])
      expect((await cli(['kill-pane', '-t', String(p)])).code).toBe(0);
  });

  it('capture-pane --format json has text and title', async () => {
    const r = await cli(['capture-pane', '--target', '1', '--format', 'json']);
    expect(r.json).toMatchObject({ ok: true, data: { text: expect.any(String), title: expect.any(String) } });
  });

  it('failures are {"ok":false,"error":…} on stdout and one line on stderr; unknown words name what was expected', async () => {
    const nf = await cli(['focus', '99']);
    expect(nf.code).toBe(1);
    expect(nf.json).toMatchObject({
      ok: false,
      error: expect.stringContaining('no pane 99'),
      code: 'not-found',
    });
    expect(nf.stderr.trim().split('\n')).toHaveLength(1);
    const verb = await cli(['lsit-panes']);
    expect(verb.code).toBe(2);
    expect(verb.stderr).toContain("did you mean 'list-panes'");
    const flag = await cli(['split', '--focsu']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('did you mean --focus');
    expect(flag.stderr).toContain('--direction');
  });

  it('rozi publish reads rozi\'s {"rows":[…]} snapshots', async () => {
    const agent = async () =>
      (
        await s.call<{ ok: boolean; agent?: { state: string; source: string; message: string | null } }>(
          'agents.get',
          { target: 1 },
        )
      ).agent;
    const pub = spawn(process.execPath, [BIN, 'publish', '--target', '1', '--name', 'ci'], {
      env: s.env,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    pub.stdin.write(
      '{"rows":[{"id":"a","title":"lint","status":"working"},{"id":"b","status":"blocked","reason":"approve"}]}\n',
    );
    await waitFor('the snapshot', async () => (await agent())?.state === 'blocked', 60_000);
    expect(await agent()).toMatchObject({ source: 'published', message: 'approve' });
    pub.stdin.write('{"rows":[{"id":"a","title":"lint","status":"working"}]}\n');
    await waitFor('the next snapshot replaces it', async () => (await agent())?.state === 'working', 60_000);
    pub.kill('SIGKILL');
    await waitFor(
      'rows gone with the publisher',
      async () => (await agent())?.source !== 'published',
      60_000,
    );
  });

  it('--socket picks the endpoint; --version; metrics', async () => {
    const none = await cli(['--socket', `${s.home}/nothing.sock`, 'list-panes']);
    expect(none).toMatchObject({ code: 3, json: { ok: false, code: 'no-server' } });
    const v = await runCli(s.env, ['--version']);
    expect(v.stdout).toMatch(/^rozi \d+\.\d+\.\d+/);
    const m = await cli(['metrics']);
    expect(m.json).toMatchObject({
      ok: true,
      data: { sampled_at_unix_ms: expect.any(Number), server: { panes: expect.any(Number) } },
    });
  });
});

describe("rozi's raw socket protocol (control.md examples)", () => {
  it('answers one-shot commands with {ok, data}', async () => {
    const [list] = await raw(['{"cmd":"list-panes","source_pane":1}']);
    expect(list).toMatchObject({
      ok: true,
      data: expect.arrayContaining([expect.objectContaining({ id: 1 })]),
    });
    expect(await raw(['{"cmd":"send-keys","keys":["echo hi","Enter"]}'])).toEqual([
      { ok: true, data: expect.objectContaining({ id: expect.any(Number) }) },
    ]);
    await waitFor('echo hi', async () => {
      const [cap] = (await raw(['{"cmd":"capture-pane","target":1}'])) as Array<{ data: { text: string } }>;
      return cap?.data.text.includes('\nhi\n') ?? false;
    });
    expect(await raw(['{"cmd":"send-text","target":1,"text":"hello"}'])).toEqual([
      { ok: true, data: { id: 1, bytes: 5 } },
    ]);
    expect(await raw(['{"cmd":"focus","target":1,"source_pane":1}'])).toEqual([
      { ok: true, data: expect.objectContaining({ id: 1, focused: true }) },
    ]);
    expect(await raw(['{"cmd":"notify","message":"deploy finished"}'])).toEqual([
      { ok: true, data: expect.anything() },
    ]);
    expect(await raw(['{"cmd":"metrics"}'])).toEqual([
      { ok: true, data: expect.objectContaining({ sampled_at_unix_ms: expect.any(Number) }) },
    ]);
    const [np] = (await raw(['{"cmd":"new-pane","argv":["sleep","300"],"title":"tests"}'])) as Array<{
      data: { id: number; accepted: boolean; pty_ready: boolean };
    }>;
    expect(np?.data).toMatchObject({ accepted: true, pty_ready: true });
    expect(await raw([`{"cmd":"switch-workspace","index":2}`])).toEqual([
      { ok: true, data: { workspace: 2 } },
    ]);
    expect(await raw([`{"cmd":"switch-workspace","index":1}`])).toEqual([
      { ok: true, data: { workspace: 1 } },
    ]);
    await raw([`{"cmd":"send-keys","target":${np?.data.id},"keys":["C-c"]}`]);
    // Gone before the next test subscribes: its pane-exited must not land in that stream.
    await waitFor('the Ctrl-C’d pane gone', async () => {
      const [rows] = (await raw(['{"cmd":"list-panes"}'])) as Array<{ data: Array<{ id: number }> }>;
      return rows?.data.every((p) => p.id !== np?.data.id) ? true : null;
    });
    expect(await raw(['{"cmd":"nosuch"}'])).toEqual([
      { ok: false, error: expect.stringContaining('expected one of list-panes'), code: 'invalid' },
    ]);
  });

  it('set-status, then status null, stream pane-status-changed to a subscriber', async () => {
    const c = createConnection(s.env.ROZI_SOCKET as string);
    const got: unknown[] = [];
    let buf = '';
    c.setEncoding('utf8');
    c.on('data', (d: string) => {
      buf += d;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        got.push(JSON.parse(buf.slice(0, nl)));
        buf = buf.slice(nl + 1);
      }
    });
    c.write('{"cmd":"subscribe","events":["pane-exited","pane-status-changed","workspace-switched"]}\n');
    // Acknowledged first: from then on no event is missed.
    await waitFor('the subscription ack', () => got.length >= 1);
    expect(got[0]).toEqual({ ok: true });
    expect(
      await raw(['{"cmd":"set-status","target":1,"status":"blocked","reason":"needs approval"}']),
    ).toEqual([
      {
        ok: true,
        data: expect.objectContaining({ reported_status: 'blocked', status_reason: 'needs approval' }),
      },
    ]);
    expect(await raw(['{"cmd":"set-status","target":1,"status":null}'])).toEqual([
      { ok: true, data: expect.objectContaining({ reported_status: null }) },
    ]);
    await waitFor('two events', () => got.length >= 3);
    c.destroy();
    const set = {
      session: 'main',
      pane: 1,
      status: 'blocked',
      reason: 'needs approval',
      previous_status: '',
      previous_reason: '',
      focused: expect.any(Boolean) as unknown,
    };
    const cleared = { status: '', reason: '', previous_status: 'blocked' };
    // The fields under `data`, and beside `event` too (rozi's recipes read them there).
    expect(got.slice(1)).toEqual([
      { event: 'pane-status-changed', data: set, ...set },
      expect.objectContaining({
        event: 'pane-status-changed',
        data: expect.objectContaining(cleared) as unknown,
        ...cleared,
      }),
    ]);
  });

  it('publish takes {"rows":[…]} snapshots until the client goes', async () => {
    const agents = async () =>
      (await s.call<{ ok: boolean; agent?: { state: string; source: string } }>('agents.get', { target: 1 }))
        .agent;
    const c = createConnection(s.env.ROZI_SOCKET as string);
    await new Promise<void>((r) => c.on('connect', () => r()));
    c.write('{"cmd":"publish","source_pane":1,"name":"ci"}\n');
    c.write('{"rows":[{"id":"build","title":"cargo build","status":"working"}]}\n');
    await waitFor('the published row', async () => (await agents())?.state === 'working');
    c.destroy();
    await waitFor('rows gone with the client', async () => (await agents())?.source !== 'published');
  });
});
