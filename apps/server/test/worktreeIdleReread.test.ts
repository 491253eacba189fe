// The idle re-read of a worktree's header chip (worktreeService.refreshIdle) with real git: the
// skip it takes when nothing moved must never keep a count that a read by another path, or a read
// that raced a file, made newer than the key it compares.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventBus } from '../src/events/bus';
import type { SessionManager } from '../src/session/manager';
import type { StatusService } from '../src/status/statusService';
import { WorktreeService } from '../src/worktrees/worktreeService';
import { makeHome, removeHome } from './harness';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' });

let home: string;
let tree: string;
let svc: WorktreeService;

beforeEach(() => {
  home = makeHome().home;
  mkdirSync(join(home, 'state'));
  const repo = join(home, 'demo');
  execFileSync('git', ['init', '-q', '-b', 'main', repo]);
  writeFileSync(join(repo, 'README.md'), '# demo\n');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'first');
  tree = join(home, 'demo-feat');
  git(repo, 'worktree', 'add', '-q', '-b', 'feat', tree);
  // One pane whose cwd is the worktree, no agent rows: every tick is an idle look.
  const manager = { panes: new Map([[1, {}]]), liveCwd: () => tree } as unknown as SessionManager;
  const status = { hub: { list: () => [] }, subscribe: () => () => undefined } as unknown as StatusService;
  const bus = { workspaceChanged: () => undefined } as unknown as EventBus;
  svc = new WorktreeService({
    manager,
    status,
    bus,
    stateDir: join(home, 'state'),
    configFile: join(home, 'config.toml'),
    home,
    env: {},
    log: () => undefined,
  });
  const head = git(repo, 'rev-parse', 'HEAD').trim();
  svc.registry.add({
    id: 'w1',
    path: tree,
    repo,
    branch: 'feat',
    base: 'main',
    baseCommit: head,
    created: 1,
  });
});

afterEach(() => {
  svc.stop();
  removeHome(home);
});

const dirty = () => svc.paneView(tree)?.dirty;

describe('the idle re-read of a worktree', () => {
  it('follows a file written and removed between looks', async () => {
    await svc.refreshIdle();
    expect(dirty()).toBe(0);
    writeFileSync(join(tree, 'by-hand.txt'), 'x\n');
    await svc.refreshIdle();
    expect(dirty()).toBe(1);
    rmSync(join(tree, 'by-hand.txt'));
    await svc.refreshIdle();
    expect(dirty()).toBe(0);
  });

  it('re-reads after another path read a newer state than its last key', async () => {
    await svc.refreshIdle();
    expect(dirty()).toBe(0);
    // A status change (an agent's turn, a first look) reads the file while the idle key still
    // says "clean"; once the file is gone the files match that key again, and the chip must too.
    writeFileSync(join(tree, 'by-hand.txt'), 'x\n');
    await svc.refresh(svc.registry.list()[0]!);
    expect(dirty()).toBe(1);
    rmSync(join(tree, 'by-hand.txt'));
    await svc.refreshIdle();
    expect(dirty()).toBe(0);
  });

  it('does not read the full status again while nothing moved', async () => {
    const inner = svc as unknown as { read(r: unknown): Promise<void> };
    const read = inner.read.bind(svc);
    let reads = 0;
    inner.read = (r) => {
      reads++;
      return read(r);
    };
    await svc.refreshIdle();
    await svc.refreshIdle();
    await svc.refreshIdle();
    expect(dirty()).toBe(0);
    expect(reads).toBe(1);
  });
});
