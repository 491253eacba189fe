// `rozi agents --help` lists every agents subcommand and each one's flags (report and release
// included, which `rozi --help` shows only with --advanced), and a help flag anywhere after
// `agents` prints help: with a real idle agent in a real pane, not one byte reaches it.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentRowView } from '../src/status/agentViews';
import type { PaneInfo } from '../src/session/model';
import { specsOf } from '../src/cli/flags';
import { agentVerbs } from '../src/cli/verbs/agents';
import { runCli, waitFor, type TestServer } from './harness';
import { startServerForFile } from './fileServer';
import { agentCapture } from './agentCaptures';

let s: TestServer;
startServerForFile((started) => (s = started));

const agentsVerbs = agentVerbs.filter((v) => v.path[0] === 'agents');

describe('rozi agents --help', () => {
  it('lists every subcommand and every flag', async () => {
    const r = await runCli(s.env, ['agents', '--help']);
    expect(r.code).toBe(0);
    expect(agentsVerbs.map((v) => v.path[1])).toEqual(
      expect.arrayContaining(['list', 'get', 'read', 'wait', 'prompt', 'report', 'release']),
    );
    for (const verb of agentsVerbs) {
      expect(r.stdout, verb.path.join(' ')).toContain(`rozi ${verb.path.join(' ')} [options]`);
      for (const o of specsOf(verb.flags.shape))
        expect(r.stdout, `${verb.path.join(' ')} --${o.name}`).toContain(`--${o.name}`);
    }
    for (const flag of ['--format', '--session', '--help']) expect(r.stdout).toContain(flag);
    // The same from -h, after --session, and for an unknown subcommand.
    for (const args of [
      ['agents', '-h'],
      ['--session', 'main', 'agents', '--help'],
      ['agents', 'nosuch', '--help'],
    ]) {
      const again = await runCli(s.env, args);
      expect(again.code, args.join(' ')).toBe(0);
      expect(again.stdout).toBe(r.stdout);
    }
    const bare = await runCli(s.env, ['agents']);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe(r.stdout);
  });

  it('rozi --help shows report and release only with --advanced', async () => {
    const plain = await runCli(s.env, ['--help']);
    expect(plain.stdout).toContain('agents prompt');
    expect(plain.stdout).not.toMatch(/agents report|agents release/);
    const advanced = await runCli(s.env, ['--help', '--advanced']);
    expect(advanced.stdout).toMatch(/agents report/);
    expect(advanced.stdout).toMatch(/agents release/);
  });

  it('a help flag anywhere after agents prints help and sends nothing to the agent', async () => {
    const bin = join(s.home, 'agents');
    mkdirSync(bin);
    symlinkSync(join(__dirname, 'fake-agents', 'fake-agent.mjs'), join(bin, 'codex.mjs'));
    const log = join(s.home, 'input.log');
    writeFileSync(log, '');
    const tab = await s.call<{ pane: PaneInfo }>('tabs.create', {});
    const pane = String(tab.pane.id);
    await s.call('panes.sendText', {
      target: tab.pane.id,
      text: `FAKE_FIXTURE=${agentCapture('codex')} FAKE_SEQUENCE=idle FAKE_INPUT_LOG=${log} node ${bin}/codex.mjs\r`,
    });
    await waitFor(
      'an idle codex',
      async () => {
        const r = await s.call<{ ok: boolean; agent?: AgentRowView }>('agents.get', { target: tab.pane.id });
        return r.ok && r.agent?.agent === 'codex' && r.agent.state === 'idle';
      },
      15_000,
    );
    const cases = [
      ['agents', 'prompt', '--target', pane, 'fix it', '--help'],
      ['agents', 'prompt', '--target', pane, '-h', 'fix it'],
      ['agents', 'prompt', '--target', pane, '--', 'fix', '--help'],
      ['agents', 'prompt', '--target', pane, '--allow-working', 'please', '-h', 'now'],
      ['agents', 'wait', '--target', pane, '--until', 'idle', '--help'],
    ];
    for (const args of cases) {
      const r = await runCli(s.env, args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout, args.join(' ')).toContain(`usage: rozi agents ${args[1]}`);
    }
    // The control: without a help flag the same prompt does reach the agent, so the log is live.
    const sent = await runCli(s.env, ['agents', 'prompt', '--target', pane, 'marker']);
    expect(sent.code, sent.stderr).toBe(0);
    await waitFor('the control prompt', () => readFileSync(log, 'utf8').includes('marker'));
    expect(readFileSync(log, 'utf8')).not.toMatch(/fix|please|help|-h/);
  }, 40_000);
});
