// Agent status end to end: a real server, real PTYs, fake agents that draw real captured screens
// (fixtures/agents) under agent-like names, and the `rozi` CLI as a user runs it.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'smol-toml';
import type { AgentRowView } from '../src/status/agentViews';
import type { PaneInfo } from '../src/session/model';
import { spawn } from 'node:child_process';
import { BIN, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';
import { agentCapture } from './agentCaptures';

const FAKE = join(__dirname, 'fake-agents');
let s: TestServer;
let bin: string;

beforeAll(async () => {
  s = await startServer();
  bin = join(s.home, 'agents');
  mkdirSync(bin);
  symlinkSync(join(FAKE, 'fake-agent.mjs'), join(bin, 'codex.mjs'));
  symlinkSync(join(FAKE, 'fake_agent.py'), join(bin, 'pi.py'));
  symlinkSync(join(FAKE, 'fake-agent.sh'), join(bin, 'codex'));
});

afterAll(async () => {
  expect(await s.stop()).toBe(0);
  removeHome(s.home);
});

const get = (target: number) =>
  s.call<{ ok: true; agent: AgentRowView } | { ok: false; code: string }>('agents.get', { target });
const stateOf = async (target: number) => {
  const r = await get(target);
  return r.ok ? r.agent.state : null;
};
const cli = (...args: string[]) => runCli(s.env, ['--format', 'json', ...args]);

interface FakeAgent {
  pane: number;
  log: string;
  pid(): number;
}

/** Panes `launch` opened in this test: closed after it, since a session holds nine workspaces. */
const launched: number[] = [];
afterEach(async () => {
  for (const key of launched.splice(0)) await s.call('panes.kill', { key }).catch(() => undefined); // the test may have closed it already
});

/** Starts a fake agent in a new tab's shell, the way a person types it. */
async function launch(o: {
  program: string;
  fixture: string;
  sequence?: string;
  bracketed?: boolean;
}): Promise<FakeAgent> {
  const r = await s.call<{ pane: PaneInfo }>('tabs.create', {});
  launched.push(r.pane.key);
  const pane = r.pane.id;
  const log = join(s.home, `input-${pane}-${Date.now()}.log`);
  writeFileSync(log, '');
  const env = `FAKE_FIXTURE=${agentCapture(o.fixture)} FAKE_SEQUENCE=${o.sequence ?? 'working,blocked,idle'} FAKE_INPUT_LOG=${log} FAKE_BRACKETED=${o.bracketed ? 1 : 0}`;
  await s.call('panes.sendText', { target: pane, text: `${env} ${o.program}\r` });
  const agent = await waitFor(`agent in pane ${pane}`, async () => {
    const g = await get(pane);
    return g.ok && g.agent.occupant_id ? g.agent : null;
  });
  const info = (await s.call<PaneInfo[]>('panes.list')).find((p) => p.id === pane);
  return {
    pane,
    log,
    pid: () => {
      // The fake agent is the pane shell's foreground child.
      const children = readFileSync(`/proc/${info?.pid}/task/${info?.pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .map(Number);
      return children[children.length - 1] as number;
    },
    ...{ agentRow: agent },
  };
}

const advance = (a: FakeAgent) => process.kill(a.pid(), 'SIGUSR1');
const received = (a: FakeAgent) => readFileSync(a.log, 'utf8');

describe('agent status with real panes', () => {
  it('detects working → blocked → done for node codex.mjs, and agents wait returns on each', async () => {
    const a = await launch({ program: `node ${bin}/codex.mjs`, fixture: 'codex' });
    await waitFor('working', async () => (await stateOf(a.pane)) === 'working');
    const panes = await s.call<PaneInfo[]>('panes.list');
    expect(panes.find((p) => p.id === a.pane)).toMatchObject({ agent: 'codex', agent_state: 'working' });

    const blocked = cli(
      'agents',
      'wait',
      '--target',
      String(a.pane),
      '--until',
      'blocked',
      '--timeout',
      '20s',
    );
    await new Promise((r) => setTimeout(r, 300));
    advance(a);
    const b = await blocked;
    expect(b.code).toBe(0);
    // rozi's response shape (control.md): the wait's result under data.
    expect(JSON.parse(b.stdout)).toMatchObject({
      ok: true,
      data: {
        code: 'matched',
        state: 'blocked',
        agent: { agent: 'codex', state: 'blocked', source: 'screen' },
      },
    });

    const done = cli('agents', 'wait', '--target', String(a.pane), '--until', 'done', '--timeout', '20s');
    await new Promise((r) => setTimeout(r, 300));
    advance(a);
    const d = await done;
    expect(d.code).toBe(0);
    expect(JSON.parse(d.stdout)).toMatchObject({ ok: true, data: { code: 'matched', state: 'done' } });
    expect(await stateOf(a.pane)).toBe('done');
  });

  it('looks through python3 to pi.py', async () => {
    const a = await launch({
      program: `python3 ${bin}/pi.py`,
      fixture: 'pi',
      sequence: 'working,blocked,idle',
    });
    expect((await get(a.pane)).ok && (await get(a.pane))).toMatchObject({ agent: { agent: 'pi' } });
    await waitFor('pi working', async () => (await stateOf(a.pane)) === 'working');
    advance(a);
    await waitFor('pi blocked', async () => (await stateOf(a.pane)) === 'blocked');
  });

  it('prompt into a blocked agent is refused with exit 8 and no byte written', async () => {
    const a = await launch({ program: `node ${bin}/codex.mjs`, fixture: 'codex', sequence: 'blocked' });
    await waitFor('blocked', async () => (await stateOf(a.pane)) === 'blocked');
    const r = await cli('agents', 'prompt', '--target', String(a.pane), '--allow-working', 'yes please');
    expect(r.code).toBe(8);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, code: 'blocked' });
    await new Promise((res) => setTimeout(res, 300));
    expect(received(a)).toBe('');
  });

  it('prompt into an idle agent writes text + Enter once, bracketed when enabled, and --wait sees the run finish', async () => {
    const a = await launch({
      program: `node ${bin}/codex.mjs`,
      fixture: 'codex',
      sequence: 'idle',
      bracketed: true,
    });
    await waitFor('idle', async () => (await stateOf(a.pane)) === 'idle');
    const r = await cli(
      'agents',
      'prompt',
      '--target',
      String(a.pane),
      '--wait',
      'quiescent',
      '--timeout',
      '20s',
      'fix\nthe test',
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: true,
      data: { ok: true, wait: { code: 'matched', state: 'quiescent', agent: { state: 'done' } } },
    });
    const chunks = received(a)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as string)
      .join('');
    expect(chunks).toBe('\x1b[200~fix\rthe test\x1b[201~\r');
  });

  it('a replacement occupant between read and prompt is refused (exit 6), writing nothing to it', async () => {
    const a = await launch({ program: `node ${bin}/codex.mjs`, fixture: 'codex', sequence: 'idle' });
    const g = await get(a.pane);
    if (!g.ok) throw new Error('no agent');
    const ref = JSON.stringify(g.agent.ref);
    await s.call('panes.sendText', { target: a.pane, text: '/exit\r' });
    await waitFor('gone', async () => (await get(a.pane)).ok && (await stateOf(a.pane)) === null);
    const log2 = join(s.home, `second-${a.pane}.log`);
    writeFileSync(log2, '');
    await s.call('panes.sendText', {
      target: a.pane,
      text: `FAKE_FIXTURE=${agentCapture('codex')} FAKE_SEQUENCE=idle FAKE_INPUT_LOG=${log2} node ${bin}/codex.mjs\r`,
    });
    await waitFor('second agent', async () => {
      const r = await get(a.pane);
      return r.ok && r.agent.occupant_id !== null && r.agent.occupant_id !== g.agent.occupant_id;
    });
    const r = await cli('agents', 'prompt', '--ref', ref, 'meant for the first one');
    expect(r.code).toBe(6);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, code: 'replaced' });
    const w = await cli('agents', 'wait', '--ref', ref, '--until', 'idle', '--timeout', '1s');
    expect(w.code).toBe(6);
    await new Promise((res) => setTimeout(res, 300));
    expect(readFileSync(log2, 'utf8')).toBe('');
    const stale = await cli(
      'agents',
      'get',
      '--ref',
      JSON.stringify({ ...g.agent.ref, status_epoch: 'older-run' }),
    );
    expect(stale.code).toBe(7);
    const timeout = await cli(
      'agents',
      'wait',
      '--target',
      String(a.pane),
      '--until',
      'blocked',
      '--timeout',
      '200ms',
    );
    expect(timeout.code).toBe(4);
    expect(JSON.parse(timeout.stdout)).toMatchObject({ ok: false, code: 'timed-out' });
  });

  it('an exiting agent: waits see completion, then gone for other states', async () => {
    const a = await launch({ program: `node ${bin}/codex.mjs`, fixture: 'codex', sequence: 'working' });
    await waitFor('working', async () => (await stateOf(a.pane)) === 'working');
    // Straight over the socket (no CLI start-up time) so both waits are registered before the exit.
    const wait = (until: string[]) =>
      s.call<{ code: string; state: string | null }>('agents.wait', {
        target: a.pane,
        until,
        timeoutMs: 20_000,
      });
    const quiet = wait(['quiescent']);
    const blocked = wait(['blocked']);
    const gone = wait(['gone']);
    await new Promise((r) => setTimeout(r, 300));
    await s.call('panes.sendText', { target: a.pane, text: '/exit\r' });
    expect(await quiet).toMatchObject({ code: 'matched', state: 'quiescent' });
    expect(await blocked).toMatchObject({ code: 'gone' });
    expect(await gone).toMatchObject({ code: 'matched', state: 'gone' });
    const cliGone = await cli(
      'agents',
      'wait',
      '--target',
      String(a.pane),
      '--until',
      'working',
      '--timeout',
      '300ms',
    );
    expect(cliGone.code).toBe(4);
  });

  it('reports override the screen; release returns to it; late and released tokens conflict', async () => {
    const a = await launch({ program: `node ${bin}/codex.mjs`, fixture: 'codex', sequence: 'working' });
    await waitFor('working', async () => (await stateOf(a.pane)) === 'working');
    const t = String(a.pane);
    let r = await cli(
      'agents',
      'report',
      '--target',
      t,
      '--agent',
      'codex',
      '--integration',
      'run-1',
      '--state',
      'blocked',
      '--native-session',
      'abc',
      '--seq',
      '1',
    );
    expect(r.code).toBe(0);
    expect(await get(a.pane)).toMatchObject({ agent: { state: 'blocked', source: 'integration' } });
    r = await cli(
      'agents',
      'report',
      '--target',
      t,
      '--agent',
      'claude',
      '--integration',
      'run-1',
      '--state',
      'idle',
      '--seq',
      '2',
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, code: 'conflict' });
    r = await cli('agents', 'release', '--target', t, '--integration', 'run-1', '--seq', '3');
    expect(r.code).toBe(0);
    expect(await get(a.pane)).toMatchObject({ agent: { state: 'working', source: 'screen' } });
    r = await cli(
      'agents',
      'report',
      '--target',
      t,
      '--integration',
      'run-1',
      '--state',
      'idle',
      '--seq',
      '4',
    );
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: false,
      code: 'conflict',
      error: expect.stringContaining('released'),
    });
    r = await cli(
      '--session',
      'main',
      'agents',
      'report',
      '--integration',
      'x',
      '--state',
      'idle',
      '--seq',
      '1',
    );
    expect(r.code).toBe(2);
  });

  it('rozi status and rozi publish replace screen detection while present', async () => {
    const a = await launch({ program: `node ${bin}/codex.mjs`, fixture: 'codex', sequence: 'working' });
    await waitFor('working', async () => (await stateOf(a.pane)) === 'working');
    const t = String(a.pane);
    expect((await cli('status', '--target', t, 'blocked', '--reason', 'needs a key')).code).toBe(0);
    expect(await get(a.pane)).toMatchObject({
      agent: { state: 'blocked', source: 'published', message: 'needs a key' },
    });
    expect((await cli('status', '--target', t, '--clear')).code).toBe(0);
    expect(await get(a.pane)).toMatchObject({ agent: { state: 'working', source: 'screen' } });
    const rows =
      [
        '{"id":"a","state":"idle","label":"lint"}',
        '{"id":"b","state":"blocked","message":"approve deploy"}',
      ].join('\n') + '\n';
    // A publisher that stays running: its rows show; killed, its rows go with it.
    const live = spawn(process.execPath, [BIN, 'publish', '--target', t, '--name', 'ci'], {
      env: s.env,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    live.stdin.write(rows);
    await waitFor('published rows', async () => {
      const g = await get(a.pane);
      return (
        g.ok &&
        g.agent.source === 'published' &&
        g.agent.state === 'blocked' &&
        g.agent.message === 'approve deploy'
      );
    });
    live.kill('SIGKILL');
    await waitFor('rows gone with the publisher', async () => (await stateOf(a.pane)) === 'working');
    // One that finishes its input exits 0 and takes its rows away too.
    const pub = runCli(s.env, ['publish', '--target', t, '--name', 'ci'], rows);
    expect((await pub).code).toBe(0);
    await waitFor('rows gone', async () => (await get(a.pane)).ok && (await stateOf(a.pane)) === 'working');
  });

  it('notifies a background transition after a 1 s delay; viewing the pane cancels it', async () => {
    const a = await launch({
      program: `node ${bin}/codex.mjs`,
      fixture: 'codex',
      sequence: 'working,blocked,working,blocked',
    });
    await waitFor('working', async () => (await stateOf(a.pane)) === 'working');
    const before = (await s.call<Array<{ paneId: number | null }>>('workspace.notifications')).filter(
      (n) => n.paneId === a.pane,
    ).length;
    const t0 = Date.now();
    advance(a);
    // The server's own time of the change: the test sees it a poll (or, loaded, much more) later.
    const blockedRow = await waitFor('blocked', async () => {
      const r = await get(a.pane);
      return r.ok && r.agent.state === 'blocked' ? r.agent : null;
    });
    const tBlocked = blockedRow.updated_at;
    const notes = await waitFor('notification', async () => {
      const all = (
        await s.call<Array<{ paneId: number | null; at: number; message: string }>>('workspace.notifications')
      ).filter((n) => n.paneId === a.pane);
      return all.length > before ? all : null;
    });
    const note = notes[notes.length - 1];
    expect(note?.message).toContain('asks: Do you trust the contents of this directory?');
    expect((note?.at ?? 0) - tBlocked).toBeGreaterThanOrEqual(800);
    expect((note?.at ?? 0) - t0).toBeLessThan(5000);
    // Back to working, then blocked again but viewed within the delay: nothing is delivered.
    advance(a);
    await waitFor('working again', async () => (await stateOf(a.pane)) === 'working');
    const count = notes.length;
    const key = (await s.call<PaneInfo[]>('panes.list')).find((p) => p.id === a.pane)?.key;
    advance(a);
    await waitFor('blocked again', async () => (await stateOf(a.pane)) === 'blocked');
    await s.call('agents.setViewed', { key, viewed: true });
    await new Promise((r) => setTimeout(r, 1500));
    const after = (await s.call<Array<{ paneId: number | null }>>('workspace.notifications')).filter(
      (n) => n.paneId === a.pane,
    );
    expect(after.length).toBe(count);
  });
});

describe('100 agent panes at once', () => {
  it('labels every pane and keeps reading them', async () => {
    const fixture = parse(readFileSync(agentCapture('codex'), 'utf8')) as {
      case: Array<{ state: string; screen: string }>;
    };
    const screenFile = join(s.home, 'working.txt');
    writeFileSync(screenFile, fixture.case.find((c) => c.state === 'working')?.screen ?? '');
    if (!existsSync(screenFile)) throw new Error('no screen');
    const before = (await s.call<PaneInfo[]>('panes.list')).length;
    const session = 'many';
    const argv = [`${bin}/codex`, screenFile];
    await s.call('sessions.create', { name: session, argv });
    // Nine workspaces, then splits spread over them (a session has at most nine tabs).
    for (let i = 1; i < 100; i++)
      await (i < 9
        ? s.call('tabs.create', { session, argv })
        : s.call('panes.split', { session, target: (i % 9) + 1, argv }));
    const rows = await waitFor(
      '100 working agents',
      async () => {
        const list = await s.call<AgentRowView[]>('agents.list', { session });
        return list.length === 100 && list.every((r) => r.agent === 'codex' && r.state === 'working')
          ? list
          : null;
      },
      { timeoutMs: 60_000, everyMs: 250 },
    );
    expect(new Set(rows.map((r) => r.occupant_id)).size).toBe(100);
    expect((await s.call<PaneInfo[]>('panes.list')).length).toBe(before + 100);
    await s.call('sessions.kill', { session });
  }, 120_000);
});
