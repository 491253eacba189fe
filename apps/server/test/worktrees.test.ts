// Agent worktrees end to end (issue 22): a real server, real git, real PTYs, and a fake agent
// that edits files in steps (working → idle after each prompt), driven by the `rozi` CLI.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaneInfo } from '../src/session/model';
import { agentCapture } from './agentCaptures';
import { childPids, makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';

const FAKE = join(__dirname, 'fake-agents');
let s: TestServer;
let repo: string;
let agentBin: string;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
    },
  });

function makeRepo(name: string): string {
  const dir = join(s.home, name);
  mkdirSync(dir);
  git(dir, 'init', '-q', '-b', 'main');
  writeFileSync(join(dir, 'README.md'), '# demo\n');
  writeFileSync(join(dir, 'app.ts'), 'export const x = 1;\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'first');
  return dir;
}

const cli = (...args: string[]) => runCli(s.env, ['--format', 'json', ...args]);
const text = (...args: string[]) => runCli(s.env, ['--format', 'text', ...args]);
/** The procedure directly (each CLI start costs seconds on a loaded 2-core box): for polling. */
const diffOf = (input: Record<string, unknown>) =>
  s.call<{ turns: unknown[]; diff: any }>('worktrees.diff', input);
const ok = async (...args: string[]) => {
  const r = await cli(...args);
  if (r.code !== 0) throw new Error(`rozi ${args.join(' ')} → ${r.code}: ${r.stderr}${r.stdout}`);
  const parsed = JSON.parse(r.stdout) as { ok?: boolean; data?: unknown };
  return (parsed.data ?? parsed) as Record<string, unknown> & { [k: string]: any };
};
const fails = async (code: string, ...args: string[]) => {
  const r = await cli(...args);
  expect(r.code, r.stdout + r.stderr).not.toBe(0);
  const e = JSON.parse(r.stdout || r.stderr) as { ok: false; error: string; code: string };
  expect(e.code).toBe(code);
  expect(e.error.split('\n')).toHaveLength(1);
  return e.error;
};

/** A shell pane whose cwd is `dir` (the "focused pane" worktrees are made from). */
async function paneIn(dir: string): Promise<number> {
  const r = await s.call<{ pane: PaneInfo }>('tabs.create', { cwd: dir });
  return r.pane.id;
}

/** The fake agent, twice in a row in one pane: after the first exits, a second run (a new occupant) starts. */
const agentArgv = (log: string) => {
  const run = [
    `FAKE_FIXTURE=${agentCapture('codex')}`,
    'FAKE_SEQUENCE=idle',
    'FAKE_EDITS=1',
    'FAKE_WORK_MS=900',
    `FAKE_INPUT_LOG=${log}`,
    agentBin,
  ].join(' ');
  return ['/bin/sh', '-c', `${run}; ${run}; sleep 600`];
};

/** The pane's processes (pid, comm, argv), for a failure message. */
function processTree(pid: number, depth = 0): string[] {
  let argv = '?';
  try {
    argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return [];
  }
  return [`${'  '.repeat(depth)}${pid} ${argv}`, ...childPids(pid).flatMap((c) => processTree(c, depth + 1))];
}

async function idleAgent(pane: number): Promise<{ ref: unknown }> {
  try {
    return await waitFor(
      `agent idle in pane ${pane}`,
      async () => {
        const g = await s.call<{ ok: boolean; agent?: { state: string; ref: unknown } }>('agents.get', {
          target: pane,
        });
        return g.ok && g.agent?.state !== 'working' && g.agent?.ref ? g.agent : null;
      },
      60_000,
    );
  } catch (err) {
    // What the pane shows and runs, and the server's last words: a timeout alone says nothing.
    const screen = await s.call<{ lines: string[] }>('panes.capture', { target: pane }).catch(() => null);
    const rows = await s.call<PaneInfo[]>('panes.list').catch(() => []);
    const pid = rows.find((r) => r.id === pane)?.pid;
    throw new Error(
      [
        err instanceof Error ? err.message : String(err),
        `screen:\n${screen?.lines.join('\n').trimEnd() ?? '(no capture)'}`,
        `processes:\n${pid ? processTree(pid).join('\n') : '(no pid)'}`,
        `server log:\n${s.stderr().slice(-3000)}`,
      ].join('\n'),
    );
  }
}

beforeAll(async () => {
  // A stand-in gh on the server's PATH: it records how it was called and prints a PR address.
  const home = makeHome();
  const fakeBin = join(home.home, 'fakebin');
  mkdirSync(fakeBin);
  writeFileSync(
    join(fakeBin, 'gh'),
    `#!/bin/sh\necho "$@" > "${join(home.home, 'gh-args.txt')}"\necho https://example.test/pull/7\n`,
    { mode: 0o755 },
  );
  s = await startServer({ home, env: { PATH: `${fakeBin}:${process.env.PATH ?? ''}` } });
  const bin = join(s.home, 'agents');
  mkdirSync(bin);
  agentBin = join(bin, 'codex.mjs');
  symlinkSync(join(FAKE, 'fake-agent.mjs'), agentBin);
  // The person's git identity, which commits made through rozi use (checkpoints use rozi's own).
  writeFileSync(join(s.home, '.gitconfig'), '[user]\n\tname = Test Person\n\temail = person@example.test\n');
  repo = makeRepo('demo');
  execFileSync('git', ['init', '-q', '--bare', join(s.home, 'origin.git')]);
  git(repo, 'remote', 'add', 'origin', join(s.home, 'origin.git'));
});

afterAll(async () => {
  expect(await s.stop()).toBe(0);
  removeHome(s.home);
});

describe('an agent in its own worktree', { timeout: 400_000 }, () => {
  let pane: number;
  let worktree: { id: string; path: string; branch: string };

  it('makes a sibling worktree on a new branch and starts the agent there', async () => {
    const source = await paneIn(repo);
    const log = join(s.home, 'agent-input.log');
    writeFileSync(log, '');
    const r = await ok(
      'agents',
      'new',
      '--worktree',
      '--branch',
      'feat/demo',
      '--target',
      String(source),
      '--argv',
      ...agentArgv(log),
    );
    worktree = r.worktree;
    pane = r.pane.id;
    expect(worktree.path).toBe(join(s.home, 'demo-feat-demo'));
    expect(worktree.branch).toBe('feat/demo');
    expect(git(worktree.path, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('feat/demo');
    // The pane runs in the worktree, and its row in the workspace carries the branch.
    await idleAgent(pane);
    const view = await waitFor('worktree in the pane view', async () => {
      const w = await s.call<{
        panes: Array<{ id: number; worktree?: { branch: string; dirty: number } | null }>;
      }>('workspace.get');
      return w.panes.find((p) => p.id === pane)?.worktree ?? null;
    });
    expect(view.branch).toBe('feat/demo');
    // A file written by hand while the agent waits (not working): the pane's chip follows it both
    // ways without any agent state change or Changes view (the idle re-read).
    const dirtyOf = async () => {
      const w = await s.call<{ panes: Array<{ id: number; worktree?: { dirty: number } | null }> }>(
        'workspace.get',
      );
      return w.panes.find((p) => p.id === pane)?.worktree?.dirty ?? -1;
    };
    const clean = await dirtyOf();
    writeFileSync(join(worktree.path, 'by-hand.txt'), 'written while the agent waits\n');
    await waitFor('the chip to count the hand-written file', async () => (await dirtyOf()) === clean + 1, {
      timeoutMs: 60_000,
      everyMs: 250,
    });
    rmSync(join(worktree.path, 'by-hand.txt'));
    await waitFor('the chip to drop the removed file', async () => (await dirtyOf()) === clean, {
      timeoutMs: 60_000,
      everyMs: 250,
    });
  });

  it('records each turn on a hidden ref and diffs a turn at a time', async () => {
    await ok('agents', 'prompt', '--target', String(pane), 'add the first thing');
    await waitFor('turn 1', async () => (await diffOf({ target: pane })).turns.length === 1, 60_000);
    await idleAgent(pane);
    await ok('agents', 'prompt', '--target', String(pane), 'add the second thing');
    await waitFor('turn 2', async () => (await diffOf({ target: pane })).turns.length === 2, 60_000);

    const t1 = await ok('agents', 'diff', '--target', String(pane), '--turn', '1');
    expect(t1.diff.files.map((f: { path: string }) => f.path).sort()).toEqual(['NOTES.md', 'turn-1.txt']);
    const t2 = await diffOf({ target: pane, turn: 2 });
    expect(
      t2.diff.files.map((f: { path: string; status: string }) => `${f.status} ${f.path}`).sort(),
    ).toEqual(['added turn-2.txt', 'modified NOTES.md']);
    expect(t2.diff.patches.find((p: { path: string }) => p.path === 'NOTES.md').patch).toContain(
      '+turn 2: add the second thing',
    );
    const all = await diffOf({ target: pane });
    expect(all.diff.totals.files).toBe(3);
    // Hidden refs only: no branch, tag or stash, and the worktree's index is untouched (nothing staged).
    expect(git(repo, 'for-each-ref', '--format=%(refname)', 'refs/rozi/').trim().split('\n')).toHaveLength(3);
    expect(git(repo, 'branch', '--format=%(refname:short)').trim().split('\n').sort()).toEqual([
      'feat/demo',
      'main',
    ]);
    expect(git(worktree.path, 'diff', '--cached', '--name-only').trim()).toBe('');
    expect(git(repo, 'stash', 'list').trim()).toBe('');
    const shown = await text('agents', 'diff', '--target', String(pane), '--turn', '2');
    expect(shown.stdout).toContain('feat/demo: turn 2');
    expect(shown.stdout).toContain('+turn 2: add the second thing');
    await fails('not-found', 'agents', 'diff', '--target', String(pane), '--turn', '9');
  });

  it('sends a review through the fence, refused once the occupant changed', async () => {
    const agent = await idleAgent(pane);
    const review = 'Review:\napp.ts:1 rename x to y';
    await ok('agents', 'prompt', '--ref', JSON.stringify(agent.ref), review);
    await waitFor('turn 3', async () => (await diffOf({ target: pane })).turns.length === 3, 60_000);
    expect(readFileSync(join(worktree.path, 'turn-3.txt'), 'utf8')).toContain('app.ts:1 rename x to y');
    const pinned = (await idleAgent(pane)).ref as { occupant_id: string };
    // The agent leaves and another starts in the same pane: the old pin is refused, nothing written.
    await s.call('panes.sendText', { target: pane, text: '/exit' });
    await waitFor(
      'a new occupant',
      async () => {
        const g = await s.call<{ ok: boolean; agent?: { occupant_id: string | null } }>('agents.get', {
          target: pane,
        });
        return g.ok && g.agent?.occupant_id && g.agent.occupant_id !== pinned.occupant_id;
      },
      30_000,
    );
    const r = await cli('agents', 'prompt', '--ref', JSON.stringify(pinned), 'late review');
    expect(r.code).toBe(6); // replaced
    expect((JSON.parse(r.stdout || r.stderr) as { code: string }).code).toBe('replaced');
    expect(existsSync(join(worktree.path, 'turn-4.txt'))).toBe(false);
  });

  it('commits, merges into the base checkout and removes the worktree', async () => {
    writeFileSync(join(worktree.path, 'app.ts'), 'export const y = 1;\n');
    // Uncommitted work: remove and merge refuse, with the reason.
    expect(await fails('dirty', 'worktrees', 'remove', worktree.id)).toContain('uncommitted');
    expect(await fails('dirty', 'worktrees', 'merge', worktree.id)).toContain('commit them');
    await ok('worktrees', 'commit', worktree.id, '-m', 'agent work');
    const listed =
      await s.call<Array<{ id: string; status: { ahead: number; dirty: number } }>>('worktrees.list');
    const row = listed.find((w) => w.id === worktree.id);
    expect(row?.status).toMatchObject({ ahead: 1, dirty: 0 });
    // A pull request: the branch is pushed, then gh opens it against the base.
    const pr = await ok('worktrees', 'pr', worktree.id);
    expect(pr.url).toBe('https://example.test/pull/7');
    expect(readFileSync(join(s.home, 'gh-args.txt'), 'utf8').trim()).toBe(
      'pr create --base main --head feat/demo --fill',
    );
    expect(git(join(s.home, 'origin.git'), 'branch', '--list', 'feat/demo').trim()).toBe('feat/demo');
    // A dirty base checkout refuses the merge and keeps its change.
    writeFileSync(join(repo, 'README.md'), '# demo (edited)\n');
    expect(await fails('dirty', 'worktrees', 'merge', worktree.id)).toContain('base checkout');
    git(repo, 'checkout', '--', 'README.md');
    const m = await ok('worktrees', 'merge', worktree.id, '--remove');
    expect(m.into).toBe('main');
    expect(readFileSync(join(repo, 'app.ts'), 'utf8')).toBe('export const y = 1;\n');
    expect(existsSync(worktree.path)).toBe(false);
    expect(git(repo, 'for-each-ref', 'refs/rozi/').trim()).toBe('');
  });
});

describe('bad input', { timeout: 400_000 }, () => {
  it('refuses a pane outside a repository, a repository with submodules, and a branch that exists', async () => {
    const plain = join(s.home, 'plain');
    mkdirSync(plain);
    const p = await paneIn(plain);
    expect(
      await fails('not-a-repo', 'agents', 'new', '--worktree', '--target', String(p), '--argv', 'true'),
    ).toContain('not in a git repository');
    const sub = makeRepo('withsub');
    writeFileSync(join(sub, '.gitmodules'), '[submodule "x"]\n\tpath = x\n\turl = ../x\n');
    expect(
      await fails('unsupported-repo', 'agents', 'new', '--worktree', '--cwd', sub, '--argv', 'true'),
    ).toContain('submodules');
    const lfs = makeRepo('withlfs');
    writeFileSync(join(lfs, '.gitattributes'), '*.bin filter=lfs diff=lfs merge=lfs -text\n');
    expect(
      await fails('unsupported-repo', 'agents', 'new', '--worktree', '--cwd', lfs, '--argv', 'true'),
    ).toContain('LFS');
    expect(
      await fails(
        'branch-exists',
        'agents',
        'new',
        '--worktree',
        '--cwd',
        repo,
        '--branch',
        'main',
        '--argv',
        'true',
      ),
    ).toContain('already exists');
    expect(
      await fails(
        'invalid',
        'agents',
        'new',
        '--worktree',
        '--cwd',
        repo,
        '--branch',
        'a..b',
        '--argv',
        'true',
      ),
    ).toContain('not a valid branch');
    expect(
      await fails(
        'invalid',
        'agents',
        'new',
        '--worktree',
        '--cwd',
        repo,
        '--base',
        'nosuch',
        '--argv',
        'true',
      ),
    ).toContain('not a commit');
    expect(existsSync(join(s.home, 'demo-main'))).toBe(false);
  });

  it('warns that a dirty base stays behind, and forgets a worktree deleted by hand', async () => {
    writeFileSync(join(repo, 'scratch.txt'), 'not committed\n');
    const r = await ok(
      'agents',
      'new',
      '--worktree',
      '--cwd',
      repo,
      '--branch',
      'dirty-base',
      '--no-focus',
      '--argv',
      'sleep',
      '600',
    );
    expect(r.warnings.join(' ')).toContain('uncommitted change');
    expect(existsSync(join(r.worktree.path, 'scratch.txt'))).toBe(false);
    rmSync(join(repo, 'scratch.txt'));
    await s.call('panes.kill', { target: r.pane.id });
    rmSync(r.worktree.path, { recursive: true, force: true });
    const listed = await s.call<Array<{ id: string; status: { missing: boolean } }>>('worktrees.list');
    expect(listed.find((w) => w.id === r.worktree.id)?.status.missing).toBe(true);
    expect(await fails('worktree-missing', 'agents', 'diff', '--worktree', r.worktree.id)).toContain(
      'deleted by hand',
    );
    const gone = await ok('worktrees', 'remove', r.worktree.id);
    expect(gone.was_missing).toBe(true);
    expect(git(repo, 'worktree', 'list').includes('dirty-base')).toBe(false);
  });

  it('opens a pull request from a detached base into the default branch, or the branch named', async () => {
    const sha = git(repo, 'rev-parse', 'HEAD').trim();
    const r = await ok(
      'agents',
      'new',
      '--worktree',
      '--cwd',
      repo,
      '--base',
      sha,
      '--branch',
      'from-sha',
      '--no-focus',
      '--argv',
      'sleep',
      '600',
    );
    const args = () => readFileSync(join(s.home, 'gh-args.txt'), 'utf8').trim();
    // A commit is no branch gh could merge into: no --base, so gh takes the repository's default.
    const pr = await text('worktrees', 'pr', r.worktree.id);
    expect(pr.code, pr.stderr).toBe(0);
    expect(pr.stdout).toContain("into the repository's default branch");
    expect(args()).toBe('pr create --head from-sha --fill');
    expect((await ok('worktrees', 'pr', r.worktree.id, '--into', 'main')).base).toBe('main');
    expect(args()).toBe('pr create --base main --head from-sha --fill');
    expect(await fails('invalid', 'worktrees', 'pr', r.worktree.id, '--into', 'no..such')).toContain(
      'not a branch name',
    );
    await s.call('panes.kill', { target: r.pane.id });
    await ok('worktrees', 'remove', r.worktree.id, '--force', '--delete-branch');
  });

  it('names a binary file and caps a 50 MB file instead of sending it', async () => {
    const r = await ok(
      'agents',
      'new',
      '--worktree',
      '--cwd',
      repo,
      '--branch',
      'big',
      '--no-focus',
      '--argv',
      'sleep',
      '600',
    );
    const dir = r.worktree.path as string;
    writeFileSync(join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 0, 255]));
    const line = 'x'.repeat(99) + '\n';
    writeFileSync(join(dir, 'huge.txt'), line.repeat(500_000)); // 50 MB
    const t0 = Date.now();
    const d = await diffOf({ worktree: r.worktree.id });
    const ms = Date.now() - t0;
    const byPath = new Map<string, { omitted: string | null; patch: string | null }>(
      d.diff.patches.map((p: { path: string }) => [p.path, p]),
    );
    expect(byPath.get('logo.png')).toMatchObject({ omitted: 'binary', patch: null });
    expect(byPath.get('huge.txt')).toMatchObject({ omitted: 'large', patch: null });
    expect(d.diff.files.find((f: { path: string }) => f.path === 'huge.txt').added).toBe(500_000);
    expect(ms).toBeLessThan(30_000);
    const shown = await text('agents', 'diff', '--worktree', r.worktree.id);
    expect(shown.stdout).toContain('logo.png: binary file');
    expect(shown.stdout).toContain('huge.txt: too large to show');
    await s.call('panes.kill', { target: r.pane.id });
    await ok('worktrees', 'discard', r.worktree.id);
    expect(existsSync(dir)).toBe(false);
    expect(git(repo, 'branch', '--list', 'big').trim()).toBe('');
  });

  it('shows an unapproved setup command and runs it only once approved', async () => {
    const proj = makeRepo('withsetup');
    mkdirSync(join(proj, '.rozi'));
    writeFileSync(join(proj, '.rozi', 'setup'), 'echo setup-ran > setup-marker.txt\n');
    git(proj, 'add', '-A');
    git(proj, 'commit', '-q', '-m', 'setup');
    const r = await runCli(s.env, [
      'agents',
      'new',
      '--worktree',
      '--cwd',
      proj,
      '--branch',
      's1',
      '--argv',
      'sleep',
      '600',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('echo setup-ran > setup-marker.txt');
    const digest = /sha256 ([0-9a-f]{64})/.exec(r.stderr)?.[1] ?? '';
    expect(digest).toHaveLength(64);
    expect(existsSync(join(s.home, 'withsetup-s1'))).toBe(false);
    const made = await ok(
      'agents',
      'new',
      '--worktree',
      '--cwd',
      proj,
      '--branch',
      's1',
      '--approve-setup',
      digest,
      '--no-focus',
      '--argv',
      'sleep',
      '600',
    );
    await waitFor('setup ran', () => existsSync(join(made.worktree.path, 'setup-marker.txt')));
    // Approved once per content: the next worktree runs it without asking.
    const again = await ok(
      'agents',
      'new',
      '--worktree',
      '--cwd',
      proj,
      '--branch',
      's2',
      '--no-focus',
      '--argv',
      'sleep',
      '600',
    );
    expect(again.setup.runs).toBe(true);
    for (const w of [made, again]) {
      await s.call('panes.kill', { target: w.pane.id });
      await s.call('worktrees.remove', { worktree: w.worktree.id, force: true });
    }
  });
});
