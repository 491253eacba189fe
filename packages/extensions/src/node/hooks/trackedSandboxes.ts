// Test support shared by the sandbox suites: sandboxes made through it are disposed after each
// test, and after the file every worker any of them started must be gone — the "no leftover
// processes" check of the hostile-hook issue, kept in one place.
import { afterAll, afterEach, expect } from 'vitest';
import type { HookLogEntry } from './definitions';
import { HookSandbox } from './hookSandbox';
import { childProcessesOf, processExists } from './sandboxProbes';

export type SandboxFactory = (options?: ConstructorParameters<typeof HookSandbox>[0]) => {
  box: HookSandbox;
  logs: HookLogEntry[];
};

/** Call once at a test file's top level; returns the factory its tests use. */
export function useTrackedSandboxes(): SandboxFactory {
  let sandboxes: HookSandbox[] = [];
  /** Every worker any sandbox of this file started (from its "hook worker started" log line). */
  const workerPids = new Set<number>();

  afterEach(async () => {
    await Promise.all(sandboxes.map((box) => box.dispose()));
    sandboxes = [];
  });

  afterAll(() => {
    expect(workerPids.size).toBeGreaterThan(0);
    expect([...workerPids].filter(processExists)).toEqual([]);
    expect(childProcessesOf(process.pid).filter((child) => child.command.includes('hookWorker'))).toEqual([]);
  });

  return (options = {}) => {
    const logs: HookLogEntry[] = [];
    const log = (entry: HookLogEntry): void => {
      const started = /^hook worker started \(pid (\d+)\)$/.exec(entry.message);
      if (started) workerPids.add(Number(started[1]));
      logs.push(entry);
    };
    const box = new HookSandbox({ log, ...options });
    sandboxes.push(box);
    return { box, logs };
  };
}
