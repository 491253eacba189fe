// Resurrection with native resume: an agent (a fake `mca` drawing real captured screens) reports
// its conversation with `rozi agents report --native-session`; the server is stopped (SIGTERM) and
// started again on the same state; the pane comes back running the definition's resume argv with
// the reference in place of {session}, as one argument, no shell. The snapshot holds only which
// agent and which conversation, and the argv is read from config.toml as it is at restore time.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentRowView } from '../src/status/agentViews';
import type { PaneInfo } from '../src/session/model';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';
import { agentCapture } from './agentCaptures';

const home = makeHome();
let s: TestServer | undefined;

afterAll(async () => {
  if (s) expect(await s.stop()).toBe(0);
  removeHome(home.home);
});

// A harmless stand-in for `mca --resume <id>`: prints its argv as JSON and stays open.
const PRINT_ARGV =
  "process.stdout.write('ARGV=' + JSON.stringify(process.argv.slice(2)) + '\\n'); setInterval(() => {}, 1 << 30);\n";

function config(marker: string): string {
  const printer = join(home.home, 'print-argv.mjs');
  return [
    '[[agents]]',
    'id = "mca"',
    'match = { names = ["mca"] }',
    '',
    '[agents.resume]',
    `argv = ["node", "${printer}", "${marker}", "--resume", "{session}"]`,
    '',
  ].join('\n');
}

describe('resurrection with native resume', () => {
  it('restarts the pane with the resume argv and the reported session, argv read at restore time', async () => {
    const dir = join(home.home, '.config', 'rozi');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(home.home, 'print-argv.mjs'), PRINT_ARGV);
    writeFileSync(join(dir, 'config.toml'), config('--from-old-config'));
    const bin = join(home.home, 'bin');
    mkdirSync(bin);
    symlinkSync(join(__dirname, 'fake-agents', 'fake-agent.mjs'), join(bin, 'mca.mjs'));

    s = await startServer({ home });
    const tab = await s.call<{ pane: PaneInfo }>('tabs.create', {});
    const pane = tab.pane.id;
    // A plain shell pane beside it must come back as a plain shell.
    await s.call('panes.sendText', {
      target: pane,
      text: `FAKE_FIXTURE=${agentCapture('codex')} FAKE_SEQUENCE=idle node ${bin}/mca.mjs\r`,
    });
    await waitFor(
      'mca detected',
      async () => {
        const r = await s!.call<{ ok: boolean; agent?: AgentRowView }>('agents.get', { target: pane });
        return r.ok && r.agent?.agent === 'mca';
      },
      15_000,
    );
    // Spaces and shell characters stay literal: the reference is one argument, never a shell word.
    const session = "conv 42; echo $HOME 'x'";
    const reported = await runCli(s.env, [
      'agents',
      'report',
      '--target',
      String(pane),
      '--agent',
      'mca',
      '--integration',
      'run-1',
      '--state',
      'idle',
      '--native-session',
      session,
      '--seq',
      '1',
    ]);
    expect(reported.code, reported.stderr).toBe(0);

    // The config changes before the restart: the new argv is the one used.
    writeFileSync(join(dir, 'config.toml'), config('--from-new-config'));
    expect(await s.stop()).toBe(0);
    const snapshot = readFileSync(join(home.home, '.local', 'state', 'rozi', 'snapshot.json'), 'utf8');
    const saved = (
      JSON.parse(snapshot) as {
        sessions: Array<{ panes: Array<{ id: number; agent?: unknown; argv: unknown; command: unknown }> }>;
      }
    ).sessions[0]!.panes;
    expect(saved.find((p) => p.id === pane)).toMatchObject({
      agent: { id: 'mca', session },
      command: null,
      argv: null,
    });
    expect(saved.find((p) => p.id === 1)?.agent).toBeUndefined();
    expect(snapshot).not.toContain('--resume');

    s = await startServer({ home });
    const restored = await waitFor(
      'the resumed pane',
      async () => {
        const text = (await s!.call<{ lines: string[] }>('panes.capture', { target: pane })).lines.join('\n');
        return /ARGV=(\[.*\])/.exec(text)?.[1];
      },
      15_000,
    );
    expect(JSON.parse(restored)).toEqual(['--from-new-config', '--resume', session]);
    const panes = await s.call<PaneInfo[]>('panes.list');
    expect(panes.find((p) => p.id === pane)?.argv).toEqual([
      'node',
      join(home.home, 'print-argv.mjs'),
      '--from-new-config',
      '--resume',
      session,
    ]);
    expect(panes.find((p) => p.id === 1)?.argv ?? null).toBeNull();

    // The next snapshot still records the pane's own command, not the resume argv.
    expect(await s.stop()).toBe(0);
    s = undefined;
    const again = readFileSync(join(home.home, '.local', 'state', 'rozi', 'snapshot.json'), 'utf8');
    expect(again).not.toContain('--resume');
  }, 240_000);
});
