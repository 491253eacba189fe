// The process tier against real processes in real PTYs: a shell, then fake agents launched the
// way people launch real ones (a script named for the agent under node or python3, a `claude`
// symlink to node, a wrapper hidden behind ROZI_AGENT), read from the real /proc.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_ENV_VARS, loadDefinitions, matchProcess } from '@rozi/detect';
import { nodePtyBackend } from '../pty/nodePtyBackend';
import type { PtyProcess } from '../pty/backend';
import { createProcReader, type ProcDetails, type ProcReader, type ProcStat } from '../proc/processTable';
import { PROCESS_POLICY, ProcessTier, type AgentMatcher } from './processTier';
import { agentCapture } from '../../test/agentCaptures';

const FAKE = resolve(__dirname, '../../test/fake-agents');
const definitions = loadDefinitions();
const match: AgentMatcher = (snapshot) => {
  const m = matchProcess(definitions, snapshot);
  return m ? { agent: m.agentId, label: m.definition.label, pid: m.process.pid } : null;
};

let dir: string;
const ptys: PtyProcess[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rozi-proc-'));
  symlinkSync(join(FAKE, 'fake-agent.mjs'), join(dir, 'codex.mjs'));
  symlinkSync(join(FAKE, 'fake_agent.py'), join(dir, 'pi.py'));
  symlinkSync(join(FAKE, 'fake-agent.mjs'), join(dir, 'wrapper.mjs'));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  symlinkSync(process.execPath, join(bin, 'claude'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  for (const p of ptys.splice(0)) p.kill('SIGKILL');
});

function shell(env: Record<string, string> = {}): PtyProcess {
  const pty = nodePtyBackend.spawn({
    file: '/bin/bash',
    args: ['--norc', '--noprofile'],
    cwd: dir,
    env: {
      PATH: `${dir}/bin:${process.env.PATH}`,
      HOME: dir,
      TERM: 'xterm-256color',
      PS1: 'READY$ ',
      FAKE_SEQUENCE: 'idle',
      ...env,
    } as Record<string, string>,
    cols: 100,
    rows: 30,
  });
  ptys.push(pty);
  return pty;
}

function countingReader(): ProcReader & { scans: number; statReads: number } {
  const real = createProcReader({ envVars: AGENT_ENV_VARS });
  const r = {
    scans: 0,
    statReads: 0,
    scan(): ProcStat[] {
      r.scans++;
      return real.scan();
    },
    stat(pid: number) {
      r.statReads++;
      return real.stat(pid);
    },
    details: (pid: number) => real.details(pid),
  };
  return r;
}

/** Drives the tier like the host does (ticks at its due times, output noted) until `until` holds. */
async function driveUntil(tier: ProcessTier, panes: PtyProcess[], until: () => boolean): Promise<void> {
  const end = Date.now() + 8000;
  while (Date.now() < end) {
    for (const [i] of panes.entries()) tier.noteOutput(i);
    const due = tier.nextDueAt();
    if (due !== null && due <= Date.now()) tier.tick();
    if (until()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(
    `condition not reached; occupants: ${JSON.stringify(panes.map((_, i) => tier.occupant(i)))}`,
  );
}

function newTier(reader: ProcReader = createProcReader({ envVars: AGENT_ENV_VARS })) {
  return new ProcessTier({ reader, match, now: Date.now, epoch: 'test' });
}

describe('ProcessTier with real processes', () => {
  it('sees no agent at a shell prompt, then node codex.mjs, then nothing after it exits', async () => {
    const tier = newTier();
    const sh = shell({ FAKE_FIXTURE: agentCapture('codex') });
    tier.addPane(0, sh.pid);
    tier.tick();
    expect(tier.occupant(0)).toBeNull();
    sh.write(`node ${dir}/codex.mjs\r`);
    await driveUntil(tier, [sh], () => tier.occupant(0) !== null);
    const occ = tier.occupant(0);
    expect(occ).toMatchObject({ agent: 'codex' });
    expect(occ?.pid).not.toBe(sh.pid);
    expect(occ?.startTime).toBeGreaterThan(0);
    expect(occ?.id).toMatch(/^[0-9a-f]{16}$/);
    sh.write('/exit\r');
    await driveUntil(tier, [sh], () => tier.occupant(0) === null);
  });

  it('looks through python3 to pi.py and through a `claude` symlink to node', async () => {
    const tier = newTier();
    const a = shell({ FAKE_FIXTURE: agentCapture('pi') });
    const b = shell({ FAKE_FIXTURE: agentCapture('claude') });
    tier.addPane(0, a.pid);
    tier.addPane(1, b.pid);
    a.write(`python3 ${dir}/pi.py\r`);
    b.write(`claude ${FAKE}/fake-agent.mjs\r`);
    await driveUntil(tier, [a, b], () => tier.occupant(0) !== null && tier.occupant(1) !== null);
    expect(tier.occupant(0)?.agent).toBe('pi');
    expect(tier.occupant(1)?.agent).toBe('claude');
  });

  it('honours ROZI_AGENT for a launcher that hides the tool', async () => {
    const tier = newTier();
    const sh = shell({ FAKE_FIXTURE: agentCapture('opencode') });
    tier.addPane(0, sh.pid);
    sh.write(`ROZI_AGENT=opencode node ${dir}/wrapper.mjs\r`);
    await driveUntil(tier, [sh], () => tier.occupant(0) !== null);
    expect(tier.occupant(0)?.agent).toBe('opencode');
  });

  it('a new run of the same agent is a new occupant', async () => {
    const tier = newTier();
    const sh = shell({ FAKE_FIXTURE: agentCapture('codex') });
    tier.addPane(0, sh.pid);
    sh.write(`node ${dir}/codex.mjs\r`);
    await driveUntil(tier, [sh], () => tier.occupant(0) !== null);
    const first = tier.occupant(0);
    sh.write('/exit\r');
    await driveUntil(tier, [sh], () => tier.occupant(0) === null);
    sh.write(`node ${dir}/codex.mjs\r`);
    await driveUntil(tier, [sh], () => tier.occupant(0) !== null);
    expect(tier.occupant(0)?.id).not.toBe(first?.id);
  });

  it('one /proc scan per tick serves every pane, and idle panes cost no reads', async () => {
    const reader = countingReader();
    const tier = newTier(reader);
    const shells = Array.from({ length: 6 }, () => shell());
    // Let every shell reach its prompt (it takes the terminal's foreground when it starts).
    await Promise.all(
      shells.map((s) => new Promise<void>((r) => s.onData((d) => d.includes('READY') && r()))),
    );
    shells.forEach((s, i) => tier.addPane(i, s.pid));
    tier.tick();
    expect(reader.scans).toBe(1);
    // Without output nothing is due until the slow period: no stat reads at all.
    const due = tier.nextDueAt() ?? 0;
    expect(due - Date.now()).toBeGreaterThan(tier.policy.slowScanMs - 1000);
    expect(reader.statReads).toBe(0);
    // Output in every pane: one stat read each, no rescan while no foreground group changed.
    await new Promise((r) => setTimeout(r, tier.policy.fgCheckMs + 10));
    shells.forEach((_, i) => tier.noteOutput(i));
    tier.tick();
    // Shells at their prompt lead their own foreground group: one read each.
    expect(reader.statReads).toBe(6);
    expect(reader.scans).toBe(1);
  });
});

describe('ProcessTier identity', () => {
  it('a reused pid with a new start time is a different occupant', () => {
    // The kernel cannot be made to reuse a pid on demand, so this one case feeds the table.
    let start = 100;
    const reader: ProcReader = {
      scan: () => [
        {
          pid: 10,
          comm: 'bash',
          ppid: 1,
          pgid: 10,
          sid: 10,
          tpgid: 20,
          startTime: 1,
          state: 'S',
          image: '1:2:3:4',
        },
        {
          pid: 20,
          comm: 'node',
          ppid: 10,
          pgid: 20,
          sid: 10,
          tpgid: 20,
          startTime: start,
          state: 'S',
          image: `${start}`,
        },
      ],
      stat: () => null,
      details: (pid) => ({
        exe: pid === 20 ? '/usr/bin/node' : '/bin/bash',
        argv: pid === 20 ? ['node', '/x/codex.js'] : ['bash'],
        env: {},
      }),
    };
    let now = 0;
    const tier = new ProcessTier({ reader, match, now: () => now, epoch: 'e' });
    tier.addPane(0, 10);
    expect(tier.tick()).toHaveLength(1);
    const first = tier.occupant(0);
    expect(first).toMatchObject({ agent: 'codex', pid: 20, startTime: 100 });
    now += tier.policy.slowScanMs;
    expect(tier.tick()).toHaveLength(0);
    start = 250;
    now += tier.policy.slowScanMs;
    const changes = tier.tick();
    expect(changes).toHaveLength(1);
    expect(changes[0]?.occupant).toMatchObject({ pid: 20, startTime: 250 });
    expect(changes[0]?.occupant?.id).not.toBe(first?.id);
  });

  it('reads a process caught inside exec again: an empty cmdline is not cached', () => {
    // Under load a scan can land between exec's new comm and its arguments being laid out:
    // /proc/<pid>/cmdline and environ read empty while comm already says node.
    let laidOut = false;
    const reader: ProcReader = {
      scan: () => [
        {
          pid: 10,
          comm: 'sh',
          ppid: 1,
          pgid: 10,
          sid: 10,
          tpgid: 10,
          startTime: 1,
          state: 'S',
          image: '1:2:3:4',
        },
        {
          pid: 20,
          comm: 'node',
          ppid: 10,
          pgid: 10,
          sid: 10,
          tpgid: 10,
          startTime: 5,
          state: 'R',
          image: '1:2:3:4',
        },
      ],
      stat: () => null,
      details: (pid) =>
        pid === 20
          ? { exe: '/usr/bin/node', argv: laidOut ? ['node', '/x/codex.mjs'] : [], env: {} }
          : { exe: '/bin/sh', argv: ['/bin/sh', '-c', 'node /x/codex.mjs; sleep 600'], env: {} },
    };
    let now = 0;
    const tier = new ProcessTier({ reader, match, now: () => now, epoch: 'e' });
    tier.addPane(0, 10);
    tier.tick();
    expect(tier.occupant(0)).toBeNull();
    laidOut = true;
    now += tier.policy.slowScanMs;
    const changes = tier.tick();
    expect(changes).toHaveLength(1);
    expect(tier.occupant(0)).toMatchObject({ agent: 'codex', pid: 20 });
  });

  /**
   * A pane whose one process (pid 20, comm `node`) reads as `before` on the first scan and as
   * `after` on a slow scan later: the second scan must see `after`, i.e. nothing of the first
   * read may be kept, and the pane reads as kiro.
   */
  function readsKiroOnRescan(
    before: { image: string; details: ProcDetails },
    after: { image: string; details: ProcDetails },
  ) {
    let second = false;
    const now = () => (second ? PROCESS_POLICY.slowScanMs : 0);
    const reader: ProcReader = {
      scan: () => [
        {
          pid: 20,
          comm: 'node',
          ppid: 1,
          pgid: 20,
          sid: 20,
          tpgid: 20,
          startTime: 5,
          state: 'R',
          image: (second ? after : before).image,
        },
      ],
      stat: () => null,
      details: () => (second ? after : before).details,
    };
    const tier = new ProcessTier({ reader, match, now, epoch: 'e' });
    tier.addPane(0, 20);
    tier.tick();
    expect(tier.occupant(0)).toBeNull();
    second = true;
    expect(tier.tick()).toHaveLength(1);
    expect(tier.occupant(0)).toMatchObject({ agent: 'kiro', pid: 20 });
  }

  const fakeAgent = { exe: '/usr/bin/node', argv: ['node', '/x/fake-agent.mjs'] };

  it('reads a process again whose environment read empty', () => {
    // A scan inside exec can find the new argv and an empty environ; kept, `env ROZI_AGENT=kiro
    // node fake.mjs` would never show its ROZI_AGENT.
    readsKiroOnRescan(
      { image: '1:2:3:4', details: { ...fakeAgent, env: {}, environEmpty: true } },
      { image: '1:2:3:4', details: { ...fakeAgent, env: { ROZI_AGENT: 'kiro' } } },
    );
  });

  it("reads a pane's child again once it execs, though it keeps the server's comm", () => {
    // node-pty forks the server (comm `node`), then the child execs `env`, which execs `node`
    // fake.mjs: a scan before the first exec saw the server's argv and environment under the
    // same pid, start time and comm as the agent. Cached by comm, the pane never read as kiro
    // (inbox e2e 'kiro reads undefined', 1 launch in 30 under load); the image tells them apart.
    readsKiroOnRescan(
      {
        image: '5000:5080:5080:7000',
        details: { exe: '/usr/bin/node', argv: ['node', '/x/rozi.mjs', 'server'], env: {} },
      },
      { image: '9000:9100:9100:9400', details: { ...fakeAgent, env: { ROZI_AGENT: 'kiro' } } },
    );
  });
});
