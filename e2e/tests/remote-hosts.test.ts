// Remote hosts in the browser (issue 19) against a real sshd and a real second account: "New
// session on…" starts a session on the host (and lists both configured hosts), `rozi new
// --remote` starts one on a second host, the sidebar groups each under its host with its link
// state, the terminal types there; a fake agent on the host going blocked shows its badge and a
// toast here, and `agents list --all` / `list-panes` carry its host; a dropped link shows
// reconnecting with the reason, then connected again.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCapture } from '../../apps/server/test/agentCaptures';
import type { RemoteAccount, TestSshd } from '../../apps/server/test/sshd';
import { sshHosts, type SshHosts } from '../../apps/server/test/sshHosts';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { REPO_ROOT, startRozi, type RoziServer } from '../lib/roziServer';
import { pane, terminalText, typeInTerminal, waitFor } from '../lib/terminalText';
import { agentRowsOf, openWorkspace, workspaceOf } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;
let account: RemoteAccount;
let sshd: TestSshd;
let ssh: SshHosts | undefined;
// World-readable: the host account runs the fake agent from here.
const base = mkdtempSync(join(tmpdir(), 'rozi-e2e-remote-'));
const ROZI = join(REPO_ROOT, 'apps', 'server', 'bin', 'rozi.mjs');

beforeAll(async () => {
  chmodSync(base, 0o755);
  mkdirSync(join(base, 'bin'), { mode: 0o755 });
  symlinkSync(
    join(REPO_ROOT, 'apps', 'server', 'test', 'fake-agents', 'fake-agent.mjs'),
    join(base, 'bin', 'codex.mjs'),
  );
  server = await startRozi();
  // The client side: a key, the host's key in known_hosts, the host in config.toml (read on use).
  ssh = await sshHosts({ clientHome: server.home, base, aliases: ['box', 'ci'], binaryPath: ROZI });
  ({ account, sshd } = ssh.hosts[0]!);
  // Plus a host whose name does not resolve: "New session on…" must say so in one line.
  writeFileSync(
    join(server.home, '.config', 'rozi', 'config.toml'),
    `${ssh.config()}\n[remote.hosts.nowhere]\nhost = "no-such-host.invalid"\n`,
  );
  browser = await openBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await ssh?.stop();
  rmSync(base, { recursive: true, force: true });
});

const hostHeader = () => browser.page.locator('[data-host-header="box"]');

describe('a remote host in the browser', () => {
  it('starts a session there from "New session on…", grouped under the host, typed into', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await page.getByRole('button', { name: 'New session', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Host', { exact: true }).selectOption('box');
    await dialog.getByLabel('Session name').fill('dev');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await hostHeader().waitFor({ timeout: 60_000 });
    await waitFor(
      'the host connected',
      async () => (await hostHeader().getAttribute('data-host-state')) === 'connected',
      60_000,
    );
    const row = page.locator('[data-host="box"] [data-session="dev@box"]');
    await row.waitFor();
    expect((await row.innerText()).split('\n')[0]).toBe('dev');
    await page.locator('[data-host-header="local"]').waitFor();
    // The new session is shown: its terminal is the host's.
    await waitFor('the remote session selected', async () =>
      (await page.locator('[aria-current="true"]').first().innerText()).startsWith('dev'),
    );
    await pane(page, 1).locator('.xterm').click();
    await typeInTerminal(page, 'echo "on=$(id -un)"\r');
    await waitFor(
      'the host account in the terminal',
      async () => (await terminalText(page, 1)).includes(`on=${account.user}`),
      30_000,
    );
    await screenshot(page, 'remote-host-session');
    // The launcher, in a host session, lists what is on the host's PATH.
    await page.getByRole('button', { name: 'New agent…' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Agents on box' }).waitFor();
    await screenshot(page, 'remote-host-launcher');
    await page.keyboard.press('Escape');
  }, 120_000);

  it('lists both configured hosts in "New session on…"; a CLI session on the second groups under it', async () => {
    const { page } = browser;
    await page.keyboard.press('Control+Shift+P');
    await page.keyboard.type('New session on');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const hostSelect = dialog.getByLabel('Host', { exact: true });
    const options = await waitFor('the hosts listed', async () => {
      if ((await hostSelect.count()) === 0) return null;
      const values = await hostSelect
        .locator('option')
        .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
      return values.includes('ci') ? values : null;
    });
    expect(options).toEqual(expect.arrayContaining(['box', 'ci']));
    await page.keyboard.press('Escape');
    // rozi's spelling from a shell: `new NAME --remote HOST`, then the name@host listing.
    expect((await server.cli(['new', 'build', '--remote', 'ci', '--format', 'text'])).trim()).toMatch(
      /^session build@ci, pane \d+/,
    );
    expect(await server.cli(['list-sessions', '--remote', 'ci', '--format', 'text'])).toContain('build@ci');
    const ci = page.locator('[data-host-header="ci"]');
    await ci.waitFor({ timeout: 60_000 });
    await waitFor(
      'ci connected',
      async () => (await ci.getAttribute('data-host-state')) === 'connected',
      60_000,
    );
    await page.locator('[data-host="ci"] [data-session="build@ci"]').waitFor();
    // Three groups, each under its own header: this machine, box, ci.
    const headers = await page
      .locator('[data-host-header]')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.hostHeader));
    expect(headers).toEqual(['local', 'box', 'ci']);
    await screenshot(page, 'remote-two-hosts');

    // A host that cannot be reached: one line in the form, which stays open; nothing else moves.
    await page.keyboard.press('Control+Shift+P');
    await page.keyboard.type('New session on');
    await page.keyboard.press('Enter');
    await dialog.getByLabel('Host', { exact: true }).selectOption('nowhere');
    await dialog.getByLabel('Session name').fill('x');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const problem = dialog.getByText(
      /cannot resolve host 'no-such-host\.invalid' \(host of \[remote\.hosts\.nowhere\]/,
    );
    await problem.waitFor({ timeout: 30_000 });
    expect((await problem.innerText()).split('\n')).toHaveLength(1);
    await screenshot(page, 'remote-host-unresolvable');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('[data-host="ci"] [data-session="build@ci"]').waitFor();
  }, 120_000);

  it('shows a fake agent on the host going blocked: badge on its row and a toast here', async () => {
    const { page } = browser;
    const ws = await workspaceOf(page);
    const remotePane = ws.panes.find((p) => p.session === 'dev@box')!;
    // Look at the local session, so the host's pane is in the background.
    await page.locator('[data-session="main"] button').first().click();
    await server.cli([
      'send-text',
      '--target',
      `dev@box:${remotePane.id}`,
      '--enter',
      `FAKE_FIXTURE=${agentCapture('codex')} FAKE_SEQUENCE=working,blocked FAKE_STEP_MS=1500 node ${base}/bin/codex.mjs`,
    ]);
    await waitFor(
      'the remote agent blocked',
      async () =>
        (await agentRowsOf(page)).find((r) => r.session === 'dev@box' && r.pane === remotePane.id)?.state ===
        'blocked',
      40_000,
    );
    await page.locator('[data-session="dev@box"] [data-state="blocked"]').first().waitFor();
    const toast = page.locator('[data-toast="blocked"]');
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.innerText()).toContain('dev@box');
    await screenshot(page, 'remote-host-blocked');
    // The CLI sees the same agent: `agents list --all` and `list-panes` carry the host.
    const agents = JSON.parse(await server.cli(['agents', 'list', '--all', '--format', 'json'])) as {
      data: Array<{ session: string; pane: number; host: string | null; state: string }>;
    };
    expect(agents.data.find((r) => r.session === 'dev@box' && r.pane === remotePane.id)).toMatchObject({
      host: 'box',
      state: 'blocked',
    });
    const panes = JSON.parse(await server.cli(['list-panes', '--format', 'json'])) as {
      data: Array<{ session: string; id: number; host?: string | null }>;
    };
    expect(panes.data.find((r) => r.session === 'dev@box' && r.id === remotePane.id)?.host).toBe('box');
    expect(panes.data.find((r) => r.session === 'main')?.host ?? null).toBeNull();
    const table = await server.cli(['agents', 'list', '--all', '--format', 'text']);
    expect(table).toMatch(new RegExp(`dev@box +${remotePane.id} `));
  }, 90_000);

  it('shows the dropped link with its reason, then connected again', async () => {
    const { page } = browser;
    await sshd.stop();
    const link = await page.evaluate(async () => {
      const r = await fetch(`/trpc/hosts.link?input=${encodeURIComponent(JSON.stringify({ alias: 'box' }))}`);
      return ((await r.json()) as { result: { data: { pid: number | null } } }).result.data;
    });
    // The ssh process ends as a dropped connection would; sshd is down, so it cannot come back yet.
    process.kill(link.pid!, 'SIGKILL');
    await waitFor(
      'the host reconnecting',
      async () => (await hostHeader().getAttribute('data-host-state')) === 'reconnecting',
      20_000,
    );
    await waitFor('the reason shown', async () => /refused/.test(await hostHeader().innerText()), 20_000);
    await screenshot(page, 'remote-host-reconnecting');
    await sshd.restart();
    await waitFor(
      'the host connected again',
      async () => (await hostHeader().getAttribute('data-host-state')) === 'connected',
      60_000,
    );
    await page.locator('[data-session="dev@box"]').waitFor();
  }, 120_000);

  it('marks host sessions with their host on the phone layout', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 400, height: 800 });
    const chip = page.locator('section[aria-label="Session dev@box"] [data-host-chip="connected"]');
    await chip.waitFor({ timeout: 20_000 });
    expect(await chip.innerText()).toBe('box');
    await screenshot(page, 'remote-host-mobile');
  }, 60_000);
});
