// Fencing, cases F01–F03 against a real server and a fake agent whose screen never moves after a
// prompt (FAKE_DEAF), so only the fence itself can tell a first delivery from a second: the same
// --ref replayed, two prompts racing on one observation, and a control character as prompt text.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { AgentRowView } from '../../src/status/agentViews';
import type { PaneInfo } from '../../src/session/model';
import { agentCapture } from '../agentCaptures';
import { startServerForFile } from '../fileServer';
import { runCli, waitFor, type TestServer } from '../harness';

let s: TestServer;
startServerForFile((started) => (s = started));

type Got = { ok: true; agent: AgentRowView } | { ok: false; code: string };
const get = (target: number) => s.call<Got>('agents.get', { target });
const cli = (...args: string[]) => runCli(s.env, ['--format', 'json', ...args]);

/** A deaf fake codex, idle, in a new tab; returns its pane and the file its input lands in. */
async function deafAgent(): Promise<{ pane: number; log: string }> {
  const bin = join(s.home, 'agents');
  mkdirSync(bin, { recursive: true });
  try {
    symlinkSync(join(__dirname, '..', 'fake-agents', 'fake-agent.mjs'), join(bin, 'codex.mjs'));
  } catch {
    // Made by an earlier case.
  }
  const { pane } = await s.call<{ pane: PaneInfo }>('tabs.create', {});
  const log = join(s.home, `input-${pane.id}.log`);
  writeFileSync(log, '');
  const env = `FAKE_FIXTURE=${agentCapture('codex')} FAKE_SEQUENCE=idle FAKE_DEAF=1 FAKE_INPUT_LOG=${log}`;
  await s.call('panes.sendText', { target: pane.id, text: `${env} node ${bin}/codex.mjs\r` });
  // Idle is what an agent reads before its first screen; wait for the screen itself (drawn after
  // the fake put its tty in raw mode), or a prompt's Enter would arrive as a newline.
  await waitFor(
    'the agent, idle, its screen drawn',
    async () => {
      const g = await get(pane.id);
      const c = await s.call<{ lines: string[] }>('panes.capture', { target: pane.id });
      return g.ok && g.agent.state === 'idle' && !c.lines.join('\n').includes('FAKE_FIXTURE=');
    },
    30_000,
  );
  return { pane: pane.id, log };
}

const inputs = (log: string) =>
  readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as string)
    .join('');

async function refOf(pane: number): Promise<string> {
  const g = await get(pane);
  if (!g.ok || !g.agent.ref) throw new Error('no agent ref');
  return JSON.stringify(g.agent.ref);
}

it('F01 the same --ref replayed is refused (exit 7): the fence advances on delivery', async () => {
  const a = await deafAgent();
  const ref = await refOf(a.pane);
  const first = await cli('agents', 'prompt', '--ref', ref, 'first');
  expect(first.code, first.stderr).toBe(0);
  const replay = await cli('agents', 'prompt', '--ref', ref, 'first');
  expect(replay.code, replay.stderr).toBe(7);
  expect(JSON.parse(replay.stdout)).toMatchObject({ ok: false, code: 'stale-ref' });
  await waitFor('the first prompt to arrive', () => inputs(a.log) === 'first\r', 30_000);
  await new Promise((r) => setTimeout(r, 200));
  expect(inputs(a.log)).toBe('first\r');
}, 90_000);

it('F02 two prompts racing on one observation: one delivered, one stale-ref', async () => {
  const a = await deafAgent();
  const ref = await refOf(a.pane);
  type Reply = { ok: boolean; code?: string };
  const replies = await Promise.all(
    ['left', 'right'].map((text) => s.call<Reply>('agents.prompt', { ref, text })),
  );
  expect(replies.filter((r) => r.ok)).toHaveLength(1);
  expect(replies.filter((r) => !r.ok).map((r) => r.code)).toEqual(['stale-ref']);
  await waitFor('one prompt to arrive', () => /^(left|right)\r$/.test(inputs(a.log)), 30_000).catch(() => {
    throw new Error(`the agent received ${JSON.stringify(inputs(a.log))}`);
  });
  await new Promise((r) => setTimeout(r, 200));
  expect(inputs(a.log)).toMatch(/^(left|right)\r$/);
}, 90_000);

it('F03 ^C as prompt text is refused (exit 2, control-char) and writes nothing', async () => {
  const a = await deafAgent();
  const r = await cli('agents', 'prompt', '--target', String(a.pane), '\x03');
  expect(r.code, r.stderr).toBe(2);
  expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, code: 'control-char' });
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  for (const text of ['please\x03stop', '\x7f', '\x00'])
    expect(await s.call('agents.prompt', { target: a.pane, text })).toMatchObject({
      ok: false,
      code: 'control-char',
    });
  await new Promise((r) => setTimeout(r, 300));
  expect(inputs(a.log)).toBe('');
}, 90_000);
