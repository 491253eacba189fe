// The Files and Git tabs on a pane of a host session (issue 20 item 5) in the browser, against a
// real sshd and a second account: the tree is the host's directory with the host's git markers,
// the Git tab shows the host repository's branch and changes, and Enter on a file opens it on the
// host (the host's config.toml on_click runs in a new host pane as the host account); a file
// written on the host later appears in the tree.
// Screenshot: e2e/screenshots/remote-files-tab.png.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteAccount } from '../../apps/server/test/sshd';
import { sshHosts, type SshHosts } from '../../apps/server/test/sshHosts';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { REPO_ROOT, startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';
import { TEST_GIT_ENV } from '../../apps/server/test/testGit';

let server: RoziServer;
let browser: Browser;
let account: RemoteAccount;
let ssh: SshHosts | undefined;
let project: string;
const base = mkdtempSync(join(tmpdir(), 'rozi-e2e-remote-files-'));
const ROZI = join(REPO_ROOT, 'apps', 'server', 'bin', 'rozi.mjs');

beforeAll(async () => {
  server = await startRozi();
  // The client side: a key, the host's key in known_hosts, the host in config.toml (read on use).
  ssh = await sshHosts({ clientHome: server.home, base, aliases: ['box'], binaryPath: ROZI });
  account = ssh.hosts[0]!.account;
  writeFileSync(join(server.home, '.config', 'rozi', 'config.toml'), ssh.config());
  // The host's repository and its own config (Enter on a file runs this there).
  project = join(account.home, 'hostproject');
  mkdirSync(join(project, 'src'), { recursive: true });
  writeFileSync(join(project, 'src', 'only-on-host.ts'), 'export const host = "box";\n');
  writeFileSync(join(project, 'README.md'), 'one\n');
  const git = (args: string[]) =>
    execFileSync('git', ['-c', 'safe.directory=*', ...args], {
      cwd: project,
      env: TEST_GIT_ENV,
    });
  git(['init', '-q', '-b', 'main']);
  git(['add', '-A']);
  git(['commit', '-qm', 'first']);
  writeFileSync(join(project, 'README.md'), 'one\ntwo\n');
  const conf = join(account.home, '.config', 'rozi');
  mkdirSync(conf, { recursive: true });
  writeFileSync(
    join(conf, 'config.toml'),
    '[sidebar]\ntabs = ["sessions", { name = "files", on_click = { run = \'echo "HOST-OPENED by $(id -un)"; cat "$ROZI_FILE"; sleep 600\' } }, "git"]\n',
  );
  execFileSync('chown', ['-R', `${account.uid}:${account.uid}`, project, join(account.home, '.config')]);
  browser = await openBrowser({ viewport: { width: 1280, height: 800 } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await ssh?.stop();
  rmSync(base, { recursive: true, force: true });
});

describe('Files and Git tabs on a host pane', () => {
  it('show the host’s tree and git state and open a file on the host', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await page.evaluate(async (cwd) => {
      const r = await fetch('/trpc/sessions.create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'dev', host: 'box', cwd }),
      });
      const body = (await r.json()) as { result?: unknown; error?: unknown };
      if (!body.result) throw new Error(`sessions.create: ${JSON.stringify(body.error)}`);
    }, project);
    const row = page.locator('[data-host="box"] [data-session="dev@box"] button').first();
    await row.waitFor({ timeout: 60_000 });
    await row.click();

    const panel = page.locator('aside').first().locator('section[data-panel="2"]');
    await panel.getByRole('tab', { name: 'Files' }).click();
    const files = panel.locator('[data-builtin-tab="files"]');
    await waitFor(
      'the tree rooted at the host project',
      async () => (await files.locator('[data-files-root]').getAttribute('data-files-root')) === project,
      60_000,
    );
    const tree = files.getByRole('tree', { name: 'Files' });
    await tree.locator('button[data-rel="README.md"] [data-marker="M"]').waitFor({ timeout: 30_000 });

    // Keyboard: walk to src, → opens it, → steps in, Enter opens the file on the host.
    await tree.locator('button[data-rel]').first().focus();
    const focusedRel = () =>
      page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.rel ?? null);
    for (let i = 0; i < 6 && (await focusedRel()) !== 'src'; i++) await page.keyboard.press('ArrowDown');
    expect(await focusedRel()).toBe('src');
    await page.keyboard.press('ArrowRight');
    await tree.locator('button[data-rel="src/only-on-host.ts"]').waitFor({ timeout: 30_000 });
    await page.keyboard.press('ArrowRight');
    expect(await focusedRel()).toBe('src/only-on-host.ts');
    await screenshot(page, 'remote-files-tab');
    await page.keyboard.press('Enter');
    const shown = await waitForText(page, { includes: 'export const host = "box";', timeoutMs: 60_000 });
    expect(shown.replace(/\n/g, '')).toContain(`HOST-OPENED by ${account.user}`);

    // A file the host's programs write later shows up: the host watches the directories on
    // screen and its files-changed reaches this page (with the watch in force the page does not
    // poll, so without it the tree would stay as first listed).
    const later = join(project, 'src', 'written-later.ts');
    writeFileSync(later, 'export const later = 1;\n');
    execFileSync('chown', [`${account.uid}:${account.uid}`, later]);
    await tree.locator('button[data-rel="src/written-later.ts"]').waitFor({ timeout: 30_000 });

    await panel.getByRole('tab', { name: 'Git' }).click();
    const git = panel.locator('[data-builtin-tab="git"]');
    await git.locator('[data-git-branch="main"]').waitFor({ timeout: 60_000 });
    await git.locator('button[data-path="README.md"][data-marker="M"]').waitFor({ timeout: 30_000 });
    await screenshot(page, 'remote-files-git');
  }, 300_000);
});
