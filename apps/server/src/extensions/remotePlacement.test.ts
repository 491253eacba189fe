// Placement on a host whose calls time out while its link stays up (a busy 2-core box): no event
// follows such a failure, so the placement must try again by itself — and a snapshot store that
// timed out is the link's failure (runtime-unreachable, retried), not a broken bundle.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GenerationTable } from '@rozi/extensions/node';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from '../events/bus';
import { LinkCallError } from '../link/linkCallError';
import type { RemoteHost } from '../remote/remoteHost';
import type { ExtensionRuntime } from './extensionRuntime';
import { RemotePlacement } from './remotePlacement';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function runtime(platforms: string[] = []): ExtensionRuntime {
  const dir = mkdtempSync(join(tmpdir(), 'rozi-placement-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'extension.toml'), '[extension]\nid = "w"\napi = 1\n');
  writeFileSync(join(dir, 'watch.sh'), '#!/bin/sh\nexec cat\n', { mode: 0o755 });
  const service = {
    name: 'watch',
    publicId: 'w.watch',
    run: { kind: 'exec', argv: ['./watch.sh'] },
    cwd: undefined,
    restart: 'on-failure',
    env: {},
    placement: 'each-host',
    sessionScope: 'attached',
  };
  return {
    id: 'w',
    dir,
    generation: 'g1',
    settings: { json: '{}' },
    manifest: { extension: { id: 'w', platforms }, services: [service] },
  } as unknown as ExtensionRuntime;
}

/** A connected host whose `fail` answers, in order, replace the calls' successes. */
function host(
  fail: Partial<Record<string, LinkCallError[]>>,
  platform = 'linux-x64',
): { host: RemoteHost; calls: string[] } {
  const calls: string[] = [];
  const started = new Set<string>();
  const rpc = {
    call: (path: string, input: { id?: string }) => {
      calls.push(path);
      const err = fail[path]?.shift();
      if (err) return Promise.reject(err);
      if (path === 'link.ext.has') return Promise.resolve({ present: false });
      if (path === 'link.ext.status')
        return Promise.resolve([...started].map((id) => ({ id, status: { state: 'running', pid: 42 } })));
      if (path === 'link.ext.start') started.add(String(input.id));
      return Promise.resolve({ pid: 42 });
    },
  };
  const h = {
    alias: 'box',
    conn: { state: 'connected', reason: null, link: { open: true, rpc } },
    rows: () => ({ sessions: [{ name: 'dev@box', instanceId: 'i1' }], panes: [] }),
    info: () => ({ state: 'connected', reason: null, platform }),
    mapping: { alias: 'box', toLocal: (k: number) => k, toRemote: (k: number) => k },
  };
  return { host: h as unknown as RemoteHost, calls };
}

async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function placement(h: RemoteHost, rt = runtime()): { p: RemotePlacement; notes: string[] } {
  const notes: string[] = [];
  const p = new RemotePlacement({
    bus: new EventBus(),
    runtimes: () => [rt],
    hosts: () => [h],
    generations: new GenerationTable(),
    notify: (n) => notes.push(n.title),
    run: () => Promise.resolve(null),
    log: () => undefined,
  });
  return { p, notes };
}

describe('RemotePlacement on a busy host', () => {
  it('places again by itself after a start that timed out on a live link', async () => {
    const timeout = new LinkCallError(
      'host-timeout',
      'the host did not answer link.ext.start within 20000 ms',
    );
    const { host: h, calls } = host({ 'link.ext.start': [timeout] });
    const { p, notes } = placement(h);
    p.start();
    try {
      await until('the first start to fail', async () => {
        const r = await p.report();
        return r.placed[0]?.reason === 'runtime-unreachable';
      });
      expect(notes).toEqual(['w.watch unavailable on box: runtime-unreachable']);
      // No event comes: the retry is the placement's own.
      await until('the service placed', async () => (await p.report()).placed[0]?.state === 'running');
      expect(calls.filter((c) => c === 'link.ext.start')).toHaveLength(2);
    } finally {
      await p.stop();
    }
  }, 60_000);

  it('takes a snapshot store that timed out for the link failing, and retries it', async () => {
    const timeout = new LinkCallError(
      'host-timeout',
      'the host did not answer link.ext.store within 120000 ms',
    );
    const { host: h, calls } = host({ 'link.ext.store': [timeout] });
    const { p, notes } = placement(h);
    p.start();
    try {
      await until('the service placed', async () => (await p.report()).placed[0]?.state === 'running');
      expect(notes).toEqual(['w.watch unavailable on box: runtime-unreachable']);
      expect(calls.filter((c) => c === 'link.ext.store')).toHaveLength(2);
    } finally {
      await p.stop();
    }
  }, 60_000);
});

describe('RemotePlacement reasons a linux client cannot meet with a real host', () => {
  it('is unsupported-platform on a host outside the manifest platforms, without a call', async () => {
    const { host: h, calls } = host({}, 'darwin-arm64');
    const { p, notes } = placement(h, runtime(['linux']));
    p.start();
    try {
      await until('the reason', async () => (await p.report()).placed[0]?.reason === 'unsupported-platform');
      const row = (await p.report()).placed[0]!;
      expect(row.message).toBe('w runs on linux; box is darwin-arm64');
      expect(notes).toEqual(['w.watch unavailable on box: unsupported-platform']);
      expect(calls.filter((c) => c.startsWith('link.ext.'))).toEqual([]);
    } finally {
      await p.stop();
    }
  });

  it('is runtime-unsupported on a host whose rozi serves no placement, and not retried by itself', async () => {
    const old = new LinkCallError('not-permitted', 'link.ext.has is not served here');
    const { host: h, calls } = host({ 'link.ext.has': [old, old, old] });
    const { p, notes } = placement(h);
    p.start();
    try {
      await until('the reason', async () => (await p.report()).placed[0]?.reason === 'runtime-unsupported');
      await new Promise((r) => setTimeout(r, 2500));
      expect(calls.filter((c) => c === 'link.ext.has')).toHaveLength(1);
      expect(notes).toEqual(['w.watch unavailable on box: runtime-unsupported']);
    } finally {
      await p.stop();
    }
  });
});
