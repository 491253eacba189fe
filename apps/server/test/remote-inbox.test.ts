// The needs-you inbox across a remote host (issue 21) against real sshd and a second account: a
// fake claude on the host goes blocked, its question appears in this server's inbox (the query
// and the inbox-changed event the browser writes into its cache) under `dev@box`, and answering
// it here with its ref goes through the host's fence: exactly the choice's keys reach the agent.
// The host's needs-input and question-answered events are raised here too, under local names.
import { readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeServer } from '../src/cli/controlClient';
import type { PaneInfo } from '../src/session/model';
import { waitFor } from './harness';
import { agentCapture } from './agentCaptures';
import { remoteFixture, type RemoteFixture } from './remoteFixture';

const FAKE = join(__dirname, 'fake-agents', 'fake-agent.mjs');

interface Inbox {
  items: {
    session: string;
    key: number;
    agent: string | null;
    ref: unknown;
    question: { question_id: string };
  }[];
  history: { session: string | null; answer: string }[];
}

let fx: RemoteFixture;

beforeAll(async () => {
  fx = await remoteFixture({ hosts: ['box'] });
  await fx.start();
}, 120_000);

afterAll(async () => {
  await fx?.cleanup();
}, 60_000);

describe('the inbox across a remote host', () => {
  it('lists a blocked agent on the host and answers it through the host fence', async () => {
    const s = fx.server!;
    const created = await s.call<{ session: string; pane: PaneInfo }>('sessions.create', {
      name: 'dev',
      host: 'box',
    });
    const key = created.pane.key;
    await s.call('panes.resize', { key, cols: 180, rows: 50 });
    const account = fx.hosts[0]!.account;
    const log = join(account.home, 'answers.log');
    writeFileSync(log, '');
    chmodSync(log, 0o666);
    const events: Inbox[] = [];
    const raised: { type: string; session?: string; key?: number; question?: { question: string } }[] = [];
    const watching = subscribeServer(
      s.env,
      { path: 'workspace.events', input: { types: ['inbox-changed', 'needs-input', 'question-answered'] } },
      (item) => {
        const e = item as { type: string; inbox?: Inbox };
        if (e.type === 'inbox-changed') events.push(e.inbox!);
        else raised.push(e as (typeof raised)[number]);
        return true;
      },
    );
    const env = [
      'ROZI_AGENT=claude',
      `FAKE_FIXTURE=${agentCapture('claude')}`,
      'FAKE_SEQUENCE=blocked',
      'FAKE_CASE=asking-a-question',
      'FAKE_ANSWERS=1',
      `FAKE_INPUT_LOG=${log}`,
    ].join(' ');
    await s.call('panes.sendText', { key, text: `${env} node ${FAKE}\r` });
    const inbox = await waitFor(
      'the host question in this inbox',
      async () => {
        const i = await s.call<Inbox>('agents.inbox');
        return i.items.some((x) => x.session === 'dev@box') ? i : null;
      },
      90_000,
    );
    const item = inbox.items.find((x) => x.session === 'dev@box')!;
    expect(item.key).toBe(key);
    // The browser's cache is written from inbox-changed events: they carry the host's item too.
    await waitFor('an inbox-changed event with the host item', () =>
      events.some((e) => e.items.some((x) => x.session === 'dev@box')),
    );
    // Hooks and `rozi subscribe` here hear the host's question, under this server's names.
    const asked = await waitFor('a needs-input event from the host', () =>
      raised.find((e) => e.type === 'needs-input' && e.session === 'dev@box'),
    );
    expect(asked.key).toBe(key);
    expect(asked.question?.question.length).toBeGreaterThan(0);
    const r = await s.call<{ ok: boolean }>('agents.answer', {
      // As the browser's inbox sends it (apps/web/src/inbox/useInbox.ts).
      ref: JSON.stringify(item.ref),
      choice: 2,
      questionId: item.question.question_id,
      by: 'browser · desktop',
    });
    expect(r.ok).toBe(true);
    await waitFor('the keys on the host', () => readFileSync(log, 'utf8').trim() !== '', 20_000);
    const sent = readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as string)
      .join('');
    expect(sent).toBe('\x1b[B\r');
    await waitFor('the host item gone from this inbox', async () => {
      const i = await s.call<Inbox>('agents.inbox');
      return !i.items.some((x) => x.session === 'dev@box') && i.history.some((h) => h.answer === 'YAML');
    });
    await waitFor('a question-answered event from the host', () =>
      raised.some((e) => e.type === 'question-answered' && e.key === key),
    );
    void watching;
  }, 180_000);
});
