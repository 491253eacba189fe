// Real child processes: crash loops, a service that ignores SIGTERM, stdin held open.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOG_UNIT_BYTES, UnitLog } from './logs';
import { ServiceSupervisor, type ServiceLaunch, type ServiceStatus } from './supervisor';

let dir: string;
const supervisors: ServiceSupervisor[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rozi-sup-'));
});
afterEach(async () => {
  await Promise.all(supervisors.splice(0).map((s) => s.stop('shutdown')));
  rmSync(dir, { recursive: true, force: true });
});

async function until<T>(probe: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function text(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Running, not a zombie waiting for a reaper (a container's pid 1 may reap slowly). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

function make(
  launch: Partial<ServiceLaunch> & { argv: string[] },
  extra: Partial<ConstructorParameters<typeof ServiceSupervisor>[0]> = {},
): { sup: ServiceSupervisor; log: UnitLog; states: ServiceStatus[] } {
  const log = new UnitLog({ dir, unit: 'service.test' });
  const states: ServiceStatus[] = [];
  const sup = new ServiceSupervisor({
    launch: {
      unit: 'service.test',
      cwd: dir,
      env: { PATH: process.env.PATH },
      restart: 'on-failure',
      ...launch,
    },
    log,
    onStatus: (s) => states.push(s),
    ...extra,
  });
  supervisors.push(sup);
  return { sup, log, states };
}

describe('ServiceSupervisor', () => {
  it('a service that exits at once 1000 times: backoff, then failed, with log volume and CPU bounded', async () => {
    const { sup, log } = make(
      { argv: ['/bin/sh', '-c', 'echo crashing; exit 3'], restart: 'always' },
      // Real processes, scaled-down clock: 1 ms doubling to a 4 ms cap, give up at the 1000th start.
      {
        timings: {
          initialDelayMs: 1,
          maxDelayMs: 4,
          giveUpStarts: 1000,
          giveUpWindowMs: 600_000,
          stableAfterMs: 600_000,
        },
      },
    );
    const cpu0 = process.cpuUsage();
    const t0 = Date.now();
    sup.start();
    const failed = await until(() => sup.status().state === 'failed' && sup.status(), 280_000);
    const wallMs = Date.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    expect(failed.starts).toBe(1000);
    expect(failed.reason).toContain('1000 starts');
    expect(failed.lastExit).toEqual({ code: 3, signal: null });
    // Nothing starts after giving up.
    await new Promise((r) => setTimeout(r, 100));
    expect(sup.status().starts).toBe(1000);
    // Log volume: the pair of files stays within the unit budget (plus one event line).
    const onDisk = statSync(log.file).size + statSync(`${log.file}.1`).size;
    expect(onDisk).toBeLessThanOrEqual(LOG_UNIT_BYTES + 512);
    expect(text(log.file)).toContain('failed: 1000 starts');
    // The supervisor itself does not spin: its CPU per restart stays small.
    const cpuMsPerStart = (cpu.user + cpu.system) / 1000 / 1000;
    expect(cpuMsPerStart).toBeLessThan(20);
    console.log(
      `1000 crash restarts: ${wallMs} ms wall, ${cpuMsPerStart.toFixed(2)} ms supervisor CPU per start, ${onDisk} log bytes`,
    );
  }, 300_000);

  it('in real time with small numbers: 5 starts within the window give up', async () => {
    const { sup, states } = make(
      { argv: ['/bin/sh', '-c', 'exit 1'] },
      { timings: { initialDelayMs: 20, maxDelayMs: 80, giveUpStarts: 5, giveUpWindowMs: 2_000 } },
    );
    sup.start();
    await until(() => sup.status().state === 'failed');
    const backoffs = states.filter((s) => s.state === 'backoff').map((s) => s.nextStartInMs);
    expect(backoffs).toEqual([20, 40, 80, 80]);
    expect(sup.status().starts).toBe(5);
  });

  it('on-failure does not restart after a clean exit; never does not restart at all', async () => {
    const a = make({ argv: ['/bin/sh', '-c', 'exit 0'] });
    a.sup.start();
    await until(() => a.sup.status().state === 'exited');
    const b = make({ argv: ['/bin/sh', '-c', 'exit 7'], restart: 'never' });
    b.sup.start();
    await until(() => b.sup.status().state === 'exited');
    expect(b.sup.status()).toMatchObject({ starts: 1, lastExit: { code: 7, signal: null } });
  });

  it('a service ignoring SIGTERM is killed with its whole group after the grace period', async () => {
    // The leader and a child both ignore TERM; the child prints its pid.
    const script = `trap '' TERM; sh -c 'trap "" TERM; echo child=$$; while :; do sleep 0.05; done' & while :; do sleep 0.05; done`;
    const { sup, log } = make({ argv: ['/bin/sh', '-c', script] }, { stopGraceMs: 300 });
    sup.start();
    const childPid = await until(() => Number(/child=(\d+)/.exec(text(log.file))?.[1] ?? 0));
    const leader = sup.status().pid as number;
    expect(alive(leader) && alive(childPid)).toBe(true);
    const t0 = Date.now();
    await sup.stop('disable');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    await until(() => !alive(leader) && !alive(childPid), 3_000);
    expect(sup.status().state).toBe('stopped');
    expect(text(log.file)).toMatch(/stopped \(disable\): no exit 300 ms after SIGTERM, killed/);
  });

  it('keeps stdin open while running, so a service watching for EOF keeps going', async () => {
    const { sup, log } = make({ argv: ['/bin/sh', '-c', 'echo up; cat >/dev/null; echo eof; exit 0'] });
    sup.start();
    await until(() => /^up$/m.test(text(log.file)));
    await new Promise((r) => setTimeout(r, 150));
    expect(sup.status().state).toBe('running');
    expect(text(log.file)).not.toMatch(/^eof$/m);
    await sup.stop('reload');
    expect(text(log.file)).toMatch(/stopped \(reload\)/);
  });

  it('a missing program counts as a failed start and is given up on', async () => {
    const { sup } = make(
      { argv: [join(dir, 'no-such-program')] },
      { timings: { initialDelayMs: 5, maxDelayMs: 5, giveUpStarts: 3, giveUpWindowMs: 5_000 } },
    );
    sup.start();
    const st = await until(() => sup.status().state === 'failed' && sup.status());
    expect(st.starts).toBe(3);
    expect(readFileSync(join(dir, 'service.test.log'), 'utf8')).toContain('failed to start');
  });

  it('restart() starts again with a new launch and a fresh history', async () => {
    const { sup, log } = make({ argv: ['/bin/sh', '-c', 'echo one; sleep 30'] });
    sup.start();
    await until(() => /^one$/m.test(text(log.file)));
    await sup.restart({
      unit: 'service.test',
      cwd: dir,
      env: { PATH: process.env.PATH },
      restart: 'on-failure',
      argv: ['/bin/sh', '-c', 'echo two; sleep 30'],
    });
    await until(() => /^two$/m.test(text(log.file)));
    expect(sup.status().state).toBe('running');
  });
});
