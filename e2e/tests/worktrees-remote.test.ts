// Agent worktrees on a remote host in Chromium (issue 22 item 5) against a real sshd and a real
// second account: the launcher, on a host pane, starts an agent in a new worktree that the host's
// git makes on the host's disk; the Changes view shows the host's diff; a comment on a hunk goes
// through the host's prompt fence and comes back as turn 2; then Commit, Merge (the view reads
// again: nothing left since the base) and Remove from the finish bar. This server's HOME holds no
// repository, so an answer from this side could not pass.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCapture } from '../../apps/server/test/agentCaptures';
import type { RemoteAccount } from '../../apps/server/test/sshd';
import { sshHosts, type SshHosts } from '../../apps/server/test/sshHosts';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { REPO_ROOT, startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;
let account: RemoteAccount;
let ssh: SshHosts | undefined;
let repo: string;
const base = mkdtempSync(join(tmpdir(), 'rozi-e2e-wt-remote-'));
const ROZI = join(REPO_ROOT, 'apps', 'server', 'bin', 'rozi.mjs');
const FAKE = join(REPO_ROOT, 'apps', 'server', 'test', 'fake-agents', 'fake-agent.mjs');

/** git as the host's account (git refuses a repository another user owns). */
const hostGit = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    uid: account.uid,
    gid: account.uid,
    env: { PATH: process.env.PATH, HOME: account.home },
  });

/** A file on the host written as its account would (owned by it). */
function hostWrite(path: string, text: string): void {
  writeFileSync(path, text);
  execFileSync('chown', [`${account.uid}:${account.uid}`, path]);
}

beforeAll(async () => {
  server = await startRozi();
  // The client side: a key, the host's key in known_hosts, the host in config.toml (read on use).
  ssh = await sshHosts({ clientHome: server.home, base, aliases: ['box'], binaryPath: ROZI });
  account = ssh.hosts[0]!.account;
  writeFileSync(join(server.home, '.config', 'rozi', 'config.toml'), ssh.config());
  // The repository lives on the host only, as the host's account made it.
  hostWrite(join(account.home, '.gitconfig'), '[user]\n\tname = Host Person\n\temail = host@example.test\n');
  repo = join(account.home, 'demo');
  mkdirSync(repo);
  execFileSync('chown', [`${account.uid}:${account.uid}`, repo]);
  hostGit(repo, 'init', '-q', '-b', 'main');
  hostWrite(
    join(repo, 'app.ts'),
    "export function greet(name: string): string {\n  return 'hello ' + name;\n}\n\nexport const version = 1;\n",
  );
  hostGit(repo, 'add', '-A');
  hostGit(repo, 'commit', '-q', '-m', 'first');
  browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await ssh?.stop();
  rmSync(base, { recursive: true, force: true });
});

/** rozi's response {"ok":true,"data":…}: the data. */
const json = async (args: string[]) => {
  const out = await server.cli(['--format', 'json', ...args]);
  const r = JSON.parse(out) as { ok?: boolean; data?: any };
  if (r.ok !== true || r.data === undefined) throw new Error(`rozi ${args.join(' ')}: ${out}`);
  return r.data;
};
type Row = { id: number; session: string; cwd: string };
const hostPanes = async (): Promise<Row[]> =>
  ((await json(['list-panes'])) as Row[]).filter((p) => p.session === 'dev@box');
const stateOf = async (target: string) => String((await json(['agents', 'get', '--target', target])).state);
const settled = async (target: string) => ['idle', 'done'].includes(await stateOf(target));
const turnsOf = async (target: string) =>
  ((await json(['agents', 'diff', '--target', target, '--stat'])).turns as unknown[]).length;

describe('an agent worktree on a remote host, from the browser', { timeout: 600_000 }, () => {
  it('launches on a host pane, shows the host diff, sends a hunk comment, then commits, merges and removes', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    // A session on the host, its shell in the repository.
    await page.getByRole('button', { name: 'New session', exact: true }).click();
    const created = page.getByRole('dialog');
    await created.getByLabel('Host', { exact: true }).selectOption('box');
    await created.getByLabel('Session name').fill('dev');
    await created.getByRole('button', { name: 'Create' }).click();
    const shell = await waitFor('the host pane', async () => (await hostPanes())[0], 90_000);
    await server.cli(['send-text', '--target', `dev@box:${shell.id}`, '--enter', `cd ${repo}`]);
    await waitFor(
      'the host pane in the repository',
      async () => (await hostPanes()).find((p) => p.id === shell.id)?.cwd === repo,
      60_000,
    );

    // The launcher on the host pane: "In a new worktree" runs the fake agent there.
    await page
      .getByRole('button', { name: /New agent/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('switch', { name: 'In a new worktree' }).click();
    await dialog.getByLabel('Branch').fill('agent/remote');
    const run = [
      'env',
      'ROZI_AGENT=codex',
      `FAKE_FIXTURE=${agentCapture('codex')}`,
      'FAKE_SEQUENCE=idle',
      'FAKE_EDITS=1',
      'FAKE_WORK_MS=900',
      'node',
      FAKE,
    ].join(' ');
    await dialog.locator('#rozi-custom-command').fill(`${run}; sleep 600`);
    await dialog.getByRole('button', { name: 'Launch' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
    const wtPath = join(account.home, 'demo-agent-remote');
    const agentPane = await waitFor(
      'the agent pane in the host worktree',
      async () => (await hostPanes()).find((p) => p.cwd === wtPath),
      60_000,
    );
    expect(hostGit(wtPath, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('agent/remote');
    expect(existsSync(join(server.home, 'demo-agent-remote'))).toBe(false);
    const target = `dev@box:${agentPane.id}`;
    await waitFor('the agent idle on the host', () => settled(target), 120_000);

    // Turn 1: a code edit on the host plus what the fake agent writes for the prompt.
    hostWrite(
      join(wtPath, 'app.ts'),
      'export function greet(name: string): string {\n  return `hello, ${name}!`;\n}\n\nexport const version = 2;\n',
    );
    await server.cli(['agents', 'prompt', '--target', target, 'make the greeting friendlier']);
    await waitFor('turn 1 on the host', async () => (await turnsOf(target)) === 1, 120_000);
    await waitFor('the agent idle after turn 1', () => settled(target), 120_000);

    // The Changes view of the host's worktree.
    const chip = page.locator('[data-worktree-chip="agent/remote"]').first();
    await chip.waitFor({ timeout: 60_000 });
    await chip.click();
    const panel = page.locator('[data-changes-panel]');
    await panel.waitFor();
    const rows = async () =>
      (await panel.locator('[data-file-row]').allInnerTexts()).map((t) => t.split('\n')[0]);
    await waitFor(
      'the host diff listed',
      async () => (await rows()).join(',') === 'NOTES.md,app.ts,turn-1.txt',
      60_000,
    );
    await waitFor(
      'the counts shown',
      async () => /\+\d+ -\d+/.test(await panel.locator('[data-diff-totals]').innerText()),
      30_000,
    );
    const app = panel.locator('[data-diff-file="app.ts"]');
    await app.getByText('hello, ${name}!', { exact: false }).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'worktrees-remote-changes');

    // A comment on app.ts's hunk goes back to the agent through the host's fence: turn 2.
    await app.getByRole('button', { name: 'Comment on hunk' }).first().click();
    await panel.getByRole('textbox', { name: 'Review comment' }).fill('Keep the comma out of the greeting');
    await panel.getByRole('button', { name: 'Add comment' }).click();
    await panel.locator('[data-review-comment]').waitFor();
    await panel.getByRole('button', { name: 'Send review to agent' }).click();
    await panel.locator('[data-review-outcome="sent"]').waitFor({ timeout: 30_000 });
    await waitFor('turn 2 on the host', async () => (await turnsOf(target)) === 2, 120_000);
    const prompt = readFileSync(join(wtPath, 'turn-2.txt'), 'utf8');
    expect(prompt).toContain('app.ts');
    expect(prompt).toContain('Keep the comma out of the greeting');
    await waitFor(
      'turn 2 in the picker',
      async () => (await panel.getByRole('option', { name: 'Turn 2' }).count()) === 1,
      30_000,
    );
    await waitFor('the agent idle after the review', () => settled(target), 120_000);
    await waitFor('turn-2.txt listed', async () => (await rows()).includes('turn-2.txt'), 30_000);

    // Finish from the view: commit on the host, merge into its main checkout, remove.
    await panel.getByRole('textbox', { name: 'Commit message' }).fill('friendlier greeting');
    await panel.getByRole('button', { name: 'Commit', exact: true }).click();
    await waitFor(
      'committed',
      async () => /Committed/.test(await panel.locator('[data-finish-outcome]').innerText()),
      60_000,
    );
    expect(hostGit(wtPath, 'log', '-1', '--format=%s').trim()).toBe('friendlier greeting');
    await panel.getByRole('button', { name: 'Merge into main' }).click();
    await waitFor(
      'merged',
      async () => /Merged into main/.test(await panel.locator('[data-finish-outcome]').innerText()),
      60_000,
    );
    expect(readFileSync(join(repo, 'app.ts'), 'utf8')).toContain('hello, ${name}!');
    // Merged: nothing is left since the base, and the view says so without being reopened.
    await waitFor(
      'the view read again after the merge',
      async () => (await panel.locator('[data-diff-totals]').innerText()).includes(': 0 files'),
      30_000,
    );
    expect(await panel.locator('[data-file-row]').count()).toBe(0);
    await screenshot(page, 'worktrees-remote-merged');
    await panel.getByRole('button', { name: 'Remove', exact: true }).click();
    await panel.getByRole('button', { name: 'Really remove?' }).click();
    await panel.waitFor({ state: 'hidden', timeout: 60_000 });
    await waitFor('the host worktree removed', async () => !existsSync(wtPath), 30_000);
    expect(hostGit(repo, 'branch', '--list', 'agent/remote').trim()).toBe('agent/remote');
  });
});
