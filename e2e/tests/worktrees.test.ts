// Agent worktrees in Chromium (issue 22): a fake agent that edits files in steps runs in its own
// worktree; the pane header shows its branch and dirty state; the Changes view lists each turn's
// files with counts, steps between turns, shows hunks unified and side by side with syntax colour;
// a review comment goes back to the agent through the fence and its changes arrive as the next
// turn; the launcher starts an agent in a worktree after the project's setup command is approved.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCapture } from '../../apps/server/test/agentCaptures';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { REPO_ROOT, startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

const FAKE = join(REPO_ROOT, 'apps', 'server', 'test', 'fake-agents', 'fake-agent.mjs');
let server: RoziServer;
let desktop: Browser;
let repo: string;

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' });

beforeAll(async () => {
  server = await startRozi();
  writeFileSync(
    join(server.home, '.gitconfig'),
    '[user]\n\tname = Test Person\n\temail = person@example.test\n',
  );
  repo = join(server.home, 'shop');
  mkdirSync(join(repo, 'src'), { recursive: true });
  git(repo, 'init', '-q', '-b', 'main');
  writeFileSync(
    join(repo, 'src', 'cart.ts'),
    "export function total(items: number[]): number {\n  // sum the prices\n  return items.reduce((a, b) => a + b, 0);\n}\n\nexport const currency = 'EUR';\n",
  );
  writeFileSync(join(repo, 'README.md'), '# shop\n');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'first');
  desktop = await openBrowser();
});

afterAll(async () => {
  await desktop?.close();
  await server?.dispose();
});

/** rozi agents … answer with rozi's response {"ok":true,"data":…} (control.md): the data. */
const json = async (args: string[]) => {
  const out = await server.cli(['--format', 'json', ...args]);
  const r = JSON.parse(out) as { ok?: boolean; data?: Record<string, any> };
  if (r.ok !== true || !r.data) throw new Error(`rozi ${args.join(' ')}: ${out}`);
  return r.data;
};
const stateOf = async (pane: number) =>
  String((await json(['agents', 'get', '--target', String(pane)])).state);
const diffTurns = async (id: string) =>
  ((await json(['agents', 'diff', '--worktree', id])).turns as unknown[]).length;

describe('an agent in a worktree, reviewed from the browser', { timeout: 300_000 }, () => {
  let worktree: { id: string; path: string };
  let pane: number;

  it('shows the branch in the pane header and each turn in the Changes view', async () => {
    const { page } = desktop;
    await openWorkspace(page, server.url);
    // The fake agent twice in a row: after the first run exits, a second (a new occupant) starts.
    const run = [
      'env',
      // The name detection matches (the fake runs as node).
      'ROZI_AGENT=codex',
      `FAKE_FIXTURE=${agentCapture('codex')}`,
      'FAKE_SEQUENCE=idle',
      'FAKE_EDITS=1',
      'FAKE_WORK_MS=900',
      process.execPath,
      FAKE,
    ].join(' ');
    const r = await json([
      'agents',
      'new',
      '--worktree',
      '--branch',
      'agent/cart',
      '--cwd',
      repo,
      '--argv',
      'sh',
      '-c',
      `${run}; ${run}; sleep 600`,
    ]);
    worktree = r.worktree;
    pane = r.pane.id;
    // The fake agent's turns: each prompt writes turn-N.txt and a NOTES.md line; the first also edits code.
    await waitFor('agent idle', async () => ['idle', 'done'].includes(await stateOf(pane)), 30_000);
    writeFileSync(
      join(worktree.path, 'src', 'cart.ts'),
      readFileSync(join(worktree.path, 'src', 'cart.ts'), 'utf8')
        .replace("'EUR'", "'USD'")
        .replace('// sum the prices', '// sum the prices in cents'),
    );
    await server.cli(['agents', 'prompt', '--target', String(pane), 'use dollars']);
    await waitFor('turn 1', async () => (await diffTurns(worktree.id)) === 1, 30_000);
    await waitFor('agent idle again', async () => ['idle', 'done'].includes(await stateOf(pane)), 30_000);
    await server.cli(['agents', 'prompt', '--target', String(pane), 'write the notes']);
    await waitFor('turn 2', async () => (await diffTurns(worktree.id)) === 2, 30_000);

    const chip = page.locator(`[data-worktree-chip="agent/cart"]`).first();
    await chip.waitFor({ timeout: 20_000 });
    await chip.click();
    const panel = page.locator('[data-changes-panel]');
    await panel.waitFor();
    await waitFor(
      'all three files listed',
      async () => (await panel.locator('[data-file-row]').count()) === 4,
      20_000,
    );
    // The line counts come after the list (a row shows "…" until then): read the rows once they have.
    await waitFor(
      'every file counted',
      async () => (await panel.locator('[data-uncounted]').count()) === 0,
      20_000,
    );
    expect((await panel.locator('[data-file-row]').allInnerTexts()).map((t) => t.split('\n')[0])).toEqual([
      'NOTES.md',
      'src/cart.ts',
      'turn-1.txt',
      'turn-2.txt',
    ]);
    // Syntax colour on the TypeScript file.
    expect(await panel.locator('[data-diff-file="src/cart.ts"] .hljs-string').count()).toBeGreaterThan(0);
    await screenshot(page, 'worktrees-changes-all');

    await panel.getByRole('combobox', { name: 'Which changes' }).selectOption('2');
    await waitFor('turn 2 only', async () => (await panel.locator('[data-file-row]').count()) === 2, 15_000);
    expect(await panel.locator('[data-diff-totals]').innerText()).toContain('turn 2');
    await panel.getByRole('button', { name: 'Previous turn' }).click();
    await waitFor(
      'turn 1',
      async () => (await panel.locator('[data-diff-totals]').innerText()).startsWith('turn 1'),
      15_000,
    );
    await panel.getByRole('radio', { name: 'Side by side' }).click();
    await screenshot(page, 'worktrees-changes-turn1-split');
  });

  it('sends a review comment to the agent, whose changes arrive as the next turn', async () => {
    const { page } = desktop;
    const panel = page.locator('[data-changes-panel]');
    await panel.getByRole('radio', { name: 'Unified' }).click();
    const cart = panel.locator('[data-diff-file="src/cart.ts"]');
    // A range of lines: line 2 picked, then Shift+Enter on line 4's number from the keyboard.
    await cart.getByRole('button', { name: 'Comment on line 2', exact: true }).click();
    await cart.getByRole('button', { name: 'Comment on line 4', exact: true }).focus();
    await page.keyboard.press('Shift+Enter');
    await waitFor(
      'lines 2–4 selected',
      async () => (await cart.locator('tr:has([data-selected])').count()) === 3,
      10_000,
    );
    await screenshot(page, 'worktrees-review-range-select');
    const box = panel.getByRole('textbox', { name: 'Review comment' });
    await waitFor(
      'the comment box focused',
      () => box.evaluate((el) => el === document.activeElement),
      10_000,
    );
    await page.keyboard.type('Say cents in the name too');
    await page.keyboard.press('Control+Enter');
    await panel.locator('[data-review-comment]').waitFor();
    expect(await panel.locator('[data-review-comment]').innerText()).toContain('2–4');
    await screenshot(page, 'worktrees-review-range');
    await cart.getByRole('button', { name: 'Comment on line 6' }).click();
    await panel.getByRole('textbox', { name: 'Review comment' }).fill('Keep EUR as the default currency');
    await panel.getByRole('button', { name: 'Add comment' }).click();
    await waitFor(
      'two comments',
      async () => (await panel.locator('[data-review-comment]').count()) === 2,
      10_000,
    );
    await screenshot(page, 'worktrees-review-comment');
    await panel.getByRole('button', { name: 'Send review to agent' }).click();
    await panel.locator('[data-review-outcome="sent"]').waitFor({ timeout: 15_000 });
    await waitFor('turn 3', async () => (await diffTurns(worktree.id)) === 3, 30_000);
    const prompt = readFileSync(join(worktree.path, 'turn-3.txt'), 'utf8');
    expect(prompt).toContain('src/cart.ts:2-4');
    expect(prompt).toContain('// sum the prices in cents');
    expect(prompt).toContain('Say cents in the name too');
    expect(prompt).toContain('src/cart.ts:6');
    expect(prompt).toContain("export const currency = 'USD';");
    expect(prompt).toContain('Keep EUR as the default currency');
    await waitFor(
      'turn 3 in the picker',
      async () => (await panel.getByRole('option', { name: 'Turn 3' }).count()) === 1,
      15_000,
    );
  });

  it('refuses a review once a different agent run occupies the pane', async () => {
    const { page } = desktop;
    const panel = page.locator('[data-changes-panel]');
    await panel
      .locator('[data-diff-file="NOTES.md"]')
      .getByRole('button', { name: 'Comment on hunk' })
      .first()
      .click();
    await panel.getByRole('textbox', { name: 'Review comment' }).fill('shorter notes please');
    await panel.getByRole('button', { name: 'Add comment' }).click();
    // The agent exits and another run starts in the same pane: the review was for the first one.
    const before = String((await json(['agents', 'get', '--target', String(pane)])).occupant_id);
    await server.cli(['send-text', '--target', String(pane), '/exit']);
    await waitFor(
      'a new occupant',
      async () => String((await json(['agents', 'get', '--target', String(pane)])).occupant_id) !== before,
      30_000,
    );
    await panel.getByRole('button', { name: 'Send review to agent' }).click();
    await panel.locator('[data-review-outcome="refused"]').waitFor({ timeout: 15_000 });
    expect(existsSync(join(worktree.path, 'turn-4.txt'))).toBe(false);
  });
});

describe('the launcher', { timeout: 300_000 }, () => {
  it('starts an agent in a new worktree once the setup command is approved', async () => {
    const { page } = desktop;
    mkdirSync(join(repo, '.rozi'));
    writeFileSync(join(repo, '.rozi', 'setup'), 'echo installing dependencies\ntouch .setup-done\n');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'setup');
    // The focused pane must be in the repository: a new tab there.
    await server.cli(['new-pane', '--focus', '--cwd', repo]);
    await openWorkspace(page, server.url);
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /New agent/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'New agent' });
    await dialog.getByRole('switch', { name: 'In a new worktree' }).click();
    await dialog.getByLabel('Branch').fill('agent/launcher');
    await dialog.locator('#rozi-custom-command').fill('sleep 600');
    await dialog.getByRole('button', { name: 'Launch' }).click();
    const approval = dialog.locator('[data-setup-approval]');
    await approval.waitFor({ timeout: 20_000 });
    expect(await approval.locator('pre').innerText()).toContain('touch .setup-done');
    await screenshot(page, 'worktrees-launcher-setup');
    await approval.getByRole('button', { name: 'Approve and start' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    const dir = join(server.home, 'shop-agent-launcher');
    await waitFor('setup ran in the worktree', async () => existsSync(join(dir, '.setup-done')), 20_000);
    await page.locator('[data-worktree-chip="agent/launcher"]').first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'worktrees-launched');
  });

  it("opens the worktree agent where the launcher's Where says: a split beside the focused pane", async () => {
    const { page } = desktop;
    type Row = { id: number; tab: number; cwd: string; focused: boolean };
    const panes = async () =>
      (JSON.parse(await server.cli(['list-panes', '--format', 'json'])) as { data: Row[] }).data;
    await server.cli(['new-pane', '--focus', '--cwd', repo]);
    const source = await waitFor(
      'a focused pane in the repository',
      async () => (await panes()).find((p) => p.focused && p.cwd === repo),
      30_000,
    );
    await page
      .getByRole('button', { name: /New agent/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'New agent' });
    await dialog.getByRole('switch', { name: 'In a new worktree' }).click();
    // A worktree is made of a pane's repository: no new session while it is asked for.
    expect(await dialog.getByRole('radio', { name: 'New session' }).isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'Split right' }).click();
    await dialog.getByLabel('Branch').fill('agent/split');
    await dialog.locator('#rozi-custom-command').fill('sleep 600');
    await screenshot(page, 'worktrees-launcher-split');
    await dialog.getByRole('button', { name: 'Launch' }).click();
    // The setup command was approved by digest in the test before: no second question.
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    const dir = join(server.home, 'shop-agent-split');
    const agent = await waitFor(
      'the agent pane in the worktree',
      async () => (await panes()).find((p) => p.cwd === dir),
      30_000,
    );
    expect(agent.tab).toBe(source.tab);
    await page.locator('[data-worktree-chip="agent/split"]').first().waitFor({ timeout: 30_000 });
  });
});
