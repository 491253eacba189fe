// send-text from a hook in a real server, under `agents prompt` rules: a hook that answers every
// state of a fake claude in a real pane with text gets nothing into a blocked (or working) agent,
// and its text reaches the agent once it waits at its prompt, and only the pane that raised the
// event. The fake agent records every byte it receives.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';
import { agentCapture } from './agentCaptures';

const FAKE_AGENT = fileURLToPath(new URL('./fake-agents/fake-agent.mjs', import.meta.url));
const FIXTURE = agentCapture('claude');

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ home: makeHome() });
  const dir = join(server.home, 'replier');
  mkdirSync(join(dir, 'hooks'), { recursive: true });
  writeFileSync(
    join(dir, 'extension.toml'),
    '[extension]\nid = "replier"\ntitle = "Replier"\nversion = "0.1.0"\napi = 1\n\n[[hooks]]\nevent = "agent-state-changed"\nscript = "./hooks/reply.js"\nfilter = { agent = "claude" }\npermissions = ["send-text"]\n',
  );
  // Asks for a write on every state change; at most 20, because each accepted reply sets the
  // fake agent working again (a cache at module scope is enough: the test never reloads it).
  writeFileSync(
    join(dir, 'hooks', 'reply.js'),
    "let count = 0;\nexport default (e) => (e.state && count++ < 20 ? { type: 'send-text', text: `hook:${e.state}` } : undefined);\n",
  );
  const r = await runCli(server.env, ['extensions', 'install', '--link', dir]);
  expect(r.code).toBe(0);
  await waitFor(
    'the hook loaded',
    () => /hooks: loaded 1 hook\(s\) of replier/.test(server.stderr()),
    20_000,
  );
}, 60_000);

afterAll(async () => {
  expect(await server.stop()).toBe(0);
  removeHome(server.home);
});

describe('send-text effects', () => {
  it('never write into a blocked or working agent, and reach an idle one in the raising pane only', async () => {
    const bin = join(server.home, 'bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(process.execPath, join(bin, 'claude'));
    const agentLog = join(server.home, 'agent-input.log');
    const shellLog = join(server.home, 'other-input.log');
    // A bystander pane that records its input too: it must get nothing.
    await server.call('panes.split', {
      target: 1,
      cwd: server.home,
      argv: ['sh', '-c', `stty raw -echo; cat > ${shellLog}`],
    });
    const { pane } = await server.call<{ pane: { id: number } }>('panes.split', {
      target: 1,
      cwd: server.home,
      argv: [
        'sh',
        '-c',
        `FAKE_FIXTURE=${FIXTURE} FAKE_SEQUENCE=working,blocked,idle FAKE_STEP_MS=2000 FAKE_WORK_MS=200 FAKE_INPUT_LOG=${agentLog} exec ${bin}/claude ${FAKE_AGENT}`,
      ],
    });
    await waitFor(
      'a refusal for the blocked agent',
      () =>
        /hook replier\/hooks\/reply\.js: effect 1 \(send-text\) not applied: blocked:/.test(server.stderr()),
      { timeoutMs: 20_000, everyMs: 50 },
    );
    await waitFor(
      'the text reached the waiting agent',
      () => existsSync(agentLog) && /hook:(idle|done)/.test(readFileSync(agentLog, 'utf8')),
      { timeoutMs: 20_000, everyMs: 50 },
    );
    const received = readFileSync(agentLog, 'utf8');
    expect(received).not.toMatch(/hook:blocked/);
    expect(received).not.toMatch(/hook:working/);
    expect(existsSync(shellLog) ? readFileSync(shellLog, 'utf8') : '').toBe('');
    const agents = await runCli(server.env, ['agents', 'list', '--format', 'json']);
    expect(agents.stdout).toContain('claude');
    expect(pane.id).toBeGreaterThan(1);
  }, 60_000);
});
