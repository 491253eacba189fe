// The needs-you inbox from the server's side: fake agents in real PTYs draw every captured
// blocked screen of fixtures/agents; `rozi agents question` reads each as @rozi/detect reads the
// capture; `rozi agents answer` sends exactly the choice's keys through the fence, and refuses
// (writing no byte) when the agent moved on, when someone answered first, and for bad input;
// `rozi subscribe` carries needs-input with the question.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadDefinitions, parseFixtureFile, readQuestion, type FixtureCase } from '@rozi/detect';
import type { AgentRowView } from '../src/status/agentViews';
import type { PaneInfo } from '../src/session/model';
import { BIN, removeHome, roziData, runCli, startServer, waitFor, type TestServer } from './harness';
import { AGENT_CAPTURES, agentCapture } from './agentCaptures';
import { subscribeServer } from '../src/cli/controlClient';

const FAKE = join(__dirname, 'fake-agents', 'fake-agent.mjs');
const set = loadDefinitions();
let s: TestServer;
let sub: ChildProcess;
const lines: string[] = [];

beforeAll(async () => {
  s = await startServer();
  sub = spawn(process.execPath, [BIN, 'subscribe', '--events', 'needs-input,notification'], {
    env: s.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buf = '';
  sub.stdout?.setEncoding('utf8').on('data', (d: string) => {
    buf += d;
    const parts = buf.split('\n');
    buf = parts.pop() ?? '';
    lines.push(...parts);
  });
  // Connected once a notification raised now comes back.
  await waitFor(
    'subscriber connected',
    async () => {
      await s.call('notify', { message: 'hello', level: 'info' });
      return lines.some((l) => l.includes('"notification"'));
    },
    30_000,
  );
});

afterAll(async () => {
  sub?.kill('SIGTERM');
  expect(await s.stop()).toBe(0);
  removeHome(s.home);
});

const cli = (...args: string[]) => runCli(s.env, ['--format', 'json', ...args]);
const stateOf = async (target: number) => {
  const r = await s.call<{ ok: true; agent: AgentRowView } | { ok: false }>('agents.get', { target });
  return r.ok ? r.agent.state : null;
};

interface Fake {
  pane: number;
  log: string;
  received(): string;
}

/** A fake agent named `agent` (ROZI_AGENT) drawing one captured case, in a 180×50 pane. */
async function launch(o: {
  agent: string;
  fixture: string;
  sequence: string;
  caseName?: string;
  answers?: boolean;
}): Promise<Fake> {
  const r = await s.call<{ pane: PaneInfo }>('tabs.create', {});
  const pane = r.pane.id;
  await s.call('panes.resize', { target: pane, cols: 180, rows: 50 });
  const log = join(s.home, `input-${pane}.log`);
  writeFileSync(log, '');
  const env = [
    `ROZI_AGENT=${o.agent}`,
    `FAKE_FIXTURE=${agentCapture(o.fixture)}`,
    `FAKE_SEQUENCE=${o.sequence}`,
    `FAKE_CASE=${o.caseName ?? ''}`,
    `FAKE_ANSWERS=${o.answers ? 1 : 0}`,
    `FAKE_INPUT_LOG=${log}`,
  ].join(' ');
  await s.call('panes.sendText', { target: pane, text: `${env} node ${FAKE}\r` });
  return {
    pane,
    log,
    received: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as string)
        .join(''),
  };
}

/** The fake agent is the pane shell's foreground child. */
async function agentPid(f: Fake): Promise<number> {
  const pid = (await s.call<PaneInfo[]>('panes.list')).find((p) => p.id === f.pane)?.pid;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  return Number(children.at(-1));
}

async function stop(f: Fake): Promise<void> {
  await s.call('panes.kill', { target: f.pane });
}

/** The name the definition matches, so ROZI_AGENT selects it. */
function nameOf(agent: string): string {
  return set.byId.get(agent)?.match.names[0] ?? agent;
}

interface Question {
  question: string;
  question_id: string;
  readable: boolean;
  choices: { index: number; label: string; keys: string[]; freeText: boolean }[];
}

const blockedCases: { agent: string; c: FixtureCase }[] = readdirSync(AGENT_CAPTURES)
  .filter((f) => f.endsWith('.toml'))
  .flatMap((f) => {
    const file = parseFixtureFile(readFileSync(join(AGENT_CAPTURES, f), 'utf8'), f);
    return file.cases.filter((c) => c.state === 'blocked').map((c) => ({ agent: file.agent, c }));
  });

describe('rozi agents question', () => {
  it('reads every captured blocked screen drawn in a real pane as detect reads the capture', async () => {
    expect(blockedCases.length).toBeGreaterThanOrEqual(13);
    for (const { agent, c } of blockedCases) {
      const f = await launch({ agent: nameOf(agent), fixture: agent, sequence: 'blocked', caseName: c.name });
      await waitFor(`${agent}/${c.name} blocked`, async () => (await stateOf(f.pane)) === 'blocked', 15_000);
      const r = await cli('agents', 'question', '--target', String(f.pane));
      expect(r.code, `${agent}/${c.name}: ${r.stderr}`).toBe(0);
      const got = roziData<Question & { agent: string }>(r.stdout);
      const want = readQuestion(set, {
        screen: c.screen,
        evaluation: evaluate(set, { agentId: agent, screen: c.screen, title: c.title }),
      })!;
      expect(got.agent).toBe(agent);
      expect([got.question, got.readable], `${agent}/${c.name}`).toEqual([want.question, want.readable]);
      expect(
        got.choices.map((x) => [x.label, x.keys.join(' ')]),
        `${agent}/${c.name}`,
      ).toEqual(want.choices.map((x) => [x.label, x.keys.join(' ')]));
      // needs-input reached `rozi subscribe` with the same question.
      const event = await waitFor(`needs-input for ${agent}`, () =>
        lines
          .map((l) => JSON.parse(l) as { event: string; data: Record<string, unknown> })
          .find((e) => e.event === 'needs-input' && e.data.pane === f.pane),
      );
      expect(event?.data).toMatchObject({
        agent,
        question: want.question,
        choices: want.choices.map((x) => x.label),
        readable: want.readable,
        question_id: got.question_id,
      });
      expect(f.received()).toBe('');
      await stop(f);
    }
  }, 240_000);

  it('says when the agent is not blocked (exit 8)', async () => {
    const f = await launch({ agent: 'codex', fixture: 'codex', sequence: 'working' });
    await waitFor('working', async () => (await stateOf(f.pane)) === 'working', 15_000);
    const r = await cli('agents', 'question', '--target', String(f.pane));
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/not waiting for input/);
    await stop(f);
  });
});

describe('rozi agents answer', () => {
  it('sends exactly the choice keys, the agent leaves blocked, and the history says who', async () => {
    const f = await launch({
      agent: 'claude',
      fixture: 'claude',
      sequence: 'blocked',
      caseName: 'asking-a-question',
      answers: true,
    });
    await waitFor('blocked', async () => (await stateOf(f.pane)) === 'blocked', 15_000);
    const q = roziData<Question>((await cli('agents', 'question', '--target', String(f.pane))).stdout);
    expect(q.choices[1]?.label).toBe('YAML');
    const r = await cli(
      'agents',
      'answer',
      '--target',
      String(f.pane),
      '--choice',
      '2',
      '--question-id',
      q.question_id,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: true,
      data: { ok: true, answer: { answer: 'YAML', by: 'cli', choice: 2 } },
    });
    await waitFor('the answer arrived', () => f.received() !== '');
    await new Promise((r) => setTimeout(r, 300));
    expect(f.received()).toBe('\x1b[B\r');
    await waitFor('left blocked', async () => (await stateOf(f.pane)) !== 'blocked', 10_000);
    const inbox = await s.call<{
      items: { pane: number }[];
      history: { pane: number; answer: string; by: string }[];
    }>('agents.inbox');
    expect(inbox.items.find((i) => i.pane === f.pane)).toBeUndefined();
    expect(inbox.history[0]).toMatchObject({ pane: f.pane, answer: 'YAML', by: 'cli' });
    await stop(f);
  }, 60_000);

  it('a second question drawn while the agent stays blocked reaches the inbox event', async () => {
    const f = await launch({
      agent: 'claude',
      fixture: 'claude',
      sequence: 'blocked:startup-trust-dialog,blocked:asking-a-question',
    });
    const seen: string[] = [];
    let done = false;
    const watching = subscribeServer(
      s.env,
      { path: 'workspace.events', input: { types: ['inbox-changed'] } },
      (item) => {
        const e = item as { inbox: { items: { pane: number; question: { question: string } }[] } };
        const mine = e.inbox.items.find((i) => i.pane === f.pane);
        if (mine) seen.push(mine.question.question);
        return !done;
      },
    );
    try {
      await waitFor(
        'the first question',
        async () => {
          const q = await cli('agents', 'question', '--target', String(f.pane));
          return q.code === 0 ? roziData<Question>(q.stdout).question : null;
        },
        30_000,
      );
      const first = roziData<Question>((await cli('agents', 'question', '--target', String(f.pane))).stdout);
      process.kill(await agentPid(f), 'SIGUSR1');
      // The state stays blocked throughout: only a re-read of the screen can tell the page.
      const second = await waitFor(
        'the second question in an inbox-changed event',
        () => seen.find((q) => q !== first.question && q.length > 0),
        30_000,
      );
      expect(second).not.toBe(first.question);
      expect(await stateOf(f.pane)).toBe('blocked');
    } finally {
      done = true;
      void watching;
      await stop(f);
    }
  });

  it('refuses without a byte when the agent moved on between reading and answering', async () => {
    const f = await launch({
      agent: 'claude',
      fixture: 'claude',
      sequence: 'blocked,working',
      caseName: 'asking-a-question',
    });
    await waitFor('blocked', async () => (await stateOf(f.pane)) === 'blocked', 15_000);
    const q = roziData<Question>((await cli('agents', 'question', '--target', String(f.pane))).stdout);
    // The agent moves on: the answer arrives once its new screen reached the server, whether or
    // not detection has published the new state yet.
    process.kill(await agentPid(f), 'SIGUSR1');
    await waitFor('working screen drawn', async () => {
      const cap = await s.call<{ lines: string[] }>('panes.capture', { target: f.pane });
      return !cap.lines.join('\n').includes('Which config format');
    });
    const r = await cli(
      'agents',
      'answer',
      '--target',
      String(f.pane),
      '--choice',
      '1',
      '--question-id',
      q.question_id,
    );
    expect(r.code).toBe(8);
    expect(JSON.parse(r.stdout).code).toMatch(/^(not-blocked|changed)$/);
    expect(r.stderr).toMatch(/nothing was sent/);
    expect(f.received()).toBe('');
    await stop(f);
  }, 60_000);

  it('of two clients answering the same question, the second is refused without a byte', async () => {
    const f = await launch({ agent: 'codex', fixture: 'codex', sequence: 'blocked' });
    await waitFor('blocked', async () => (await stateOf(f.pane)) === 'blocked', 15_000);
    const q = roziData<Question>((await cli('agents', 'question', '--target', String(f.pane))).stdout);
    const answer = (choice: number, by: string) =>
      s.call<{ ok: boolean; code?: string; message?: string }>('agents.answer', {
        target: f.pane,
        choice,
        questionId: q.question_id,
        by,
      });
    const [a, b] = await Promise.all([answer(1, 'browser · desktop'), answer(2, 'browser · phone')]);
    expect(a.ok).toBe(true);
    expect(b).toMatchObject({ ok: false, code: 'answered' });
    expect(b.message).toMatch(/already answered by browser · desktop .*Yes, continue/);
    await waitFor('the answer arrived', () => f.received() !== '');
    await new Promise((r) => setTimeout(r, 300));
    expect(f.received()).toBe('\r');
    await stop(f);
  }, 60_000);

  it('bad input: an unknown choice, text for a plain choice, a control character in a reply, an unreadable dialog', async () => {
    const cline = await launch({ agent: 'cline', fixture: 'cline', sequence: 'blocked' });
    const kilo = await launch({ agent: 'kilo', fixture: 'kilo', sequence: 'blocked' });
    await waitFor(
      'both blocked',
      async () => (await stateOf(cline.pane)) === 'blocked' && (await stateOf(kilo.pane)) === 'blocked',
      15_000,
    );
    const t = String(cline.pane);
    const none = await cli('agents', 'answer', '--target', t, '--choice', '9');
    expect([none.code, JSON.parse(none.stdout).code]).toEqual([2, 'no-choice']);
    const plain = await cli('agents', 'answer', '--target', t, '--choice', '1', '--text', 'hi');
    expect([plain.code, JSON.parse(plain.stdout).code]).toEqual([2, 'bad-text']);
    const missing = await cli('agents', 'answer', '--target', t, '--choice', '5');
    expect([missing.code, JSON.parse(missing.stdout).code]).toEqual([2, 'needs-text']);
    const control = await cli('agents', 'answer', '--target', t, '--choice', '5', '--text', 'a\x1b[2Jb');
    expect([control.code, JSON.parse(control.stdout).code]).toEqual([2, 'bad-text']);
    const usage = await cli('agents', 'answer', '--target', t, '--choice', 'x');
    expect(usage.code).toBe(2);
    const unreadable = await cli('agents', 'answer', '--target', String(kilo.pane), '--choice', '1');
    expect([unreadable.code, JSON.parse(unreadable.stdout).code]).toEqual([8, 'unreadable']);
    expect(unreadable.stderr).toMatch(/open the pane/);
    expect(cline.received() + kilo.received()).toBe('');
    // A write-in reply: the keys to the write-in row, the text, Enter.
    const write = await cli('agents', 'answer', '--target', t, '--choice', '5', '--text', 'a refactor');
    expect(write.code, write.stderr).toBe(0);
    await waitFor('the reply arrived', () => cline.received().endsWith('\r'));
    expect(cline.received()).toBe('\x1b[B\x1b[B\x1b[B\x1b[Ba refactor\r');
    await stop(cline);
    await stop(kilo);
  }, 120_000);
});
