// The agent definition editor against a real server, a real PTY and Debian's Chromium: a fake
// agent program draws a captured screen in a pane; the editor opened from that pane adds a blocked
// rule with a phrase from the screen; the preview turns blocked before saving; saving writes
// config.toml and the pane's badge (list-panes agent_state) turns blocked; an invalid regex shows
// detect's warning inline and saving is refused with it; a built-in is overridden and the
// override undone byte for byte; a pasted screen is previewed; patterns are added and removed with
// Enter and Backspace and saved with Ctrl+S; both exports pass `rozi config check` / `rozi
// extensions check`; an extension's agent is copied into config.toml. Saves screenshots of the
// editor (e2e/screenshots/agent-editor-*).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { REPO_ROOT, startRozi, type RoziServer } from '../lib/roziServer';
import { pane, typeInTerminal, waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

// A real capture of pi from the shared evidence (idle to the common rules). The fake program is
// named fake-tui so no built-in claims it; the editor's "New" names the agent after it.
const FIXTURE = join(REPO_ROOT, 'fixtures', 'agents', 'pi.toml');
const FALLBACK_SCREEN =
  ' pi v0.84.2\n escape interrupt · ctrl+c/ctrl+d clear/exit\n\n Pi can explain its own features and look up its docs.\n\n──────────\n/tmp/sample-project\n';
const PHRASE = 'Pi can explain its own features';

function fixtureScreen(): string {
  if (!existsSync(FIXTURE)) return FALLBACK_SCREEN;
  const text = readFileSync(FIXTURE, 'utf8');
  const m = /name = "idle-startup"[\s\S]*?screen = '''\n([\s\S]*?)'''/.exec(text);
  return m?.[1] ?? FALLBACK_SCREEN;
}

const FAKE_TUI = (
  screen: string,
) => `// Draws one screen like a full-screen TUI and waits, as an agent at its prompt does.
const screen = ${JSON.stringify(screen)};
process.stdout.write('\\x1b]0;π - sample-project\\x07\\x1b[2J\\x1b[H' + screen.replace(/\\n/g, '\\r\\n'));
setInterval(() => {}, 1 << 30);
`;

let server: RoziServer;
let browser: Browser;
let configFile: string;

interface PaneRow {
  id: number;
  agent: string | null;
  agent_state: string | null;
}

async function paneRow(id: number): Promise<PaneRow | undefined> {
  const reply = JSON.parse(await server.cli(['list-panes', '--format', 'json'])) as { data: PaneRow[] };
  return reply.data.find((p) => p.id === id);
}

/** The CLI with any environment (server.cli uses the server's and throws on a non-zero exit). */
function cli(
  env: NodeJS.ProcessEnv,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [join(REPO_ROOT, 'apps', 'server', 'bin', 'rozi.mjs'), ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    p.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const readConfig = () => (existsSync(configFile) ? readFileSync(configFile) : null);

beforeAll(async () => {
  server = await startRozi();
  configFile = join(server.home, '.config', 'rozi', 'config.toml');
  writeFileSync(join(server.home, 'fake-tui.mjs'), FAKE_TUI(fixtureScreen()));
  browser = await openBrowser({ viewport: { width: 1480, height: 940 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('agent definition editor', () => {
  it('opens from a pane running an unknown agent, with its live screen and a name from the program', async () => {
    const { page } = browser;
    await openWorkspace(page, server.url);
    await pane(page, 1).click();
    await typeInTerminal(page, 'node ~/fake-tui.mjs\n');
    await waitForText(page, { paneId: 1, includes: PHRASE });
    await pane(page, 1).getByRole('button', { name: 'Teach rozi this agent…' }).click();
    await page.waitForURL(/\/settings\/agents\/edit\?pane=/);
    const id = page.getByLabel('Id', { exact: true });
    await expect.poll(() => id.inputValue(), { timeout: 15_000 }).toBe('fake-tui');
    await page.getByTestId('preview-screen').getByText(PHRASE).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('preview-state').getAttribute('data-state')).toBe('idle');
    expect(await page.getByTestId('preview-title').innerText()).toContain('π - sample-project');
  });

  it('turns the preview blocked before saving when a rule reads a phrase of the screen', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Add rule' }).first().click();
    const rule = page.locator('li[data-rule-index="0"]');
    // A new rule has one empty pattern: detect's own message shows on the rule at once.
    await expect
      .poll(() => rule.locator('[data-rule-warnings]').innerText(), { timeout: 10_000 })
      .toContain('empty patterns are not allowed');
    await rule.getByRole('radiogroup', { name: 'Rule 1 scope' }).getByRole('radio', { name: 'All' }).click();
    await rule.getByLabel('Rule 1 any of pattern 1', { exact: true }).fill(PHRASE);
    await expect
      .poll(() => page.getByTestId('preview-state').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('blocked');
    await expect.poll(() => rule.locator('[data-rule-warnings]').count()).toBe(0);
    // Highlighted in place, tagged with its rule.
    expect(await page.getByTestId('preview-screen').locator('mark[data-rule="0"]').first().innerText()).toBe(
      PHRASE,
    );
    expect(await page.getByTestId('preview-explanation').innerText()).toMatch(
      /Decided by\s+Rule 1 \(blocked, screen/,
    );
    expect(readConfig()).toBeNull();
    await screenshot(page, 'agent-editor-preview-blocked');
  });

  it('saves into config.toml and the pane’s badge turns blocked', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('editor-banner').innerText(), { timeout: 10_000 })
      .toContain('Saved to');
    expect(await page.getByTestId('editor-banner').getAttribute('data-tone')).toBe('ok');
    const text = readConfig()!.toString('utf8');
    expect(text).toContain('id = "fake-tui"');
    expect(text).toContain('[[agents.states]]');
    expect(text).toContain(`any_of = ["${PHRASE}"]`);
    const row = await waitFor(
      'pane 1 to read blocked',
      async () => {
        const r = await paneRow(1);
        return r?.agent === 'fake-tui' && r.agent_state === 'blocked' ? r : null;
      },
      20_000,
    );
    expect(row.agent_state).toBe('blocked');
    // The page shows the same: the badge beside the preview follows the server.
    await expect
      .poll(() => page.getByTestId('pane-badge').locator('[data-state]').getAttribute('data-state'), {
        timeout: 10_000,
      })
      .toBe('blocked');
    await screenshot(page, 'agent-editor-saved');
  });

  it('saves the live capture as a fixture case and loads it back into the preview', async () => {
    const { page } = browser;
    const preview = page.getByTestId('live-preview');
    await preview.getByText('Save this screen as a fixture case').click();
    await preview.getByLabel('Case name').fill('blocked-explain');
    expect(await preview.getByLabel('Expected state').inputValue()).toBe('blocked');
    await preview.getByRole('button', { name: 'Save case' }).click();
    await expect
      .poll(() => preview.getByRole('status').innerText(), { timeout: 10_000 })
      .toMatch(/Created .*fixtures\/agents\/fake-tui\.toml/);
    const saved = readFileSync(
      join(server.home, '.local', 'share', 'rozi', 'fixtures', 'agents', 'fake-tui.toml'),
      'utf8',
    );
    expect(saved).toMatch(
      /\[\[case\]\]\nname = "blocked-explain"\nstate = "blocked"\ntitle = "π - sample-project"\nscreen = '''\n pi v0.84.2\n/,
    );
    await preview
      .getByRole('radiogroup', { name: 'Screen source' })
      .getByRole('radio', { name: 'Fixture' })
      .click();
    const options = await preview.getByLabel('Fixture case').locator('option').allTextContents();
    expect(options).toContain('blocked-explain (expects blocked)');
    await preview.getByLabel('Fixture case').selectOption({ label: 'blocked-explain (expects blocked)' });
    await expect
      .poll(() => preview.getByTestId('fixture-verdict').innerText(), { timeout: 10_000 })
      .toBe('✓ expects blocked');
    await screenshot(page, 'agent-editor-fixture');
    await preview
      .getByRole('radiogroup', { name: 'Screen source' })
      .getByRole('radio', { name: 'Live pane' })
      .click();
    await preview.getByTestId('preview-screen').getByText(PHRASE).waitFor();
  });

  it('shows an invalid regex inline and refuses to save it, with the reason', async () => {
    const { page } = browser;
    const before = readConfig();
    const rule = page.locator('li[data-rule-index="0"]');
    await rule.getByRole('switch', { name: 'Regular expressions' }).click();
    await rule.getByLabel('Rule 1 any of pattern 1', { exact: true }).fill('pi can (explain');
    await expect
      .poll(() => rule.locator('[data-rule-warnings]').innerText(), { timeout: 10_000 })
      .toMatch(/invalid regex 'pi can \(explain'/);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('editor-banner').getAttribute('data-tone'), { timeout: 10_000 })
      .toBe('error');
    expect(await page.getByTestId('editor-banner').innerText()).toMatch(
      /not saved: agent 'fake-tui' rule 1: invalid regex/,
    );
    expect(readConfig()!.equals(before!)).toBe(true);
    await screenshot(page, 'agent-editor-invalid-regex');
  });

  it('overrides a built-in into config.toml and undoes it byte for byte', async () => {
    const { page } = browser;
    const before = readConfig()!;
    await page.goto(`${server.origin}/settings/agents`);
    const claude = page.locator('li[data-definition="builtin:claude"]');
    await claude.waitFor({ timeout: 15_000 });
    await screenshot(page, 'agent-editor-list');
    await claude
      .getByRole('link', { name: 'Override Claude Code' })
      .or(claude.getByRole('link', { name: /^Override/ }))
      .first()
      .click();
    await page.waitForURL(/source=builtin&id=claude/);
    await expect
      .poll(() => page.getByLabel('Id', { exact: true }).inputValue(), { timeout: 15_000 })
      .toBe('claude');
    await expect
      .poll(async () => (await page.getByText('Overrides the built-in').count()) > 0, { timeout: 10_000 })
      .toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('editor-banner').innerText(), { timeout: 10_000 })
      .toContain('Saved to');
    const overridden = readConfig()!.toString('utf8');
    expect(overridden.startsWith(before.toString('utf8'))).toBe(true);
    expect(overridden).toContain('id = "claude"');
    await screenshot(page, 'agent-editor-override');
    await page.getByRole('button', { name: 'Undo last save' }).click();
    await expect
      .poll(() => page.getByTestId('editor-banner').innerText(), { timeout: 10_000 })
      .toContain('Undid the override of claude');
    expect(readConfig()!.equals(before)).toBe(true);
    // The list agrees: claude is a plain built-in again, fake-tui stays in config.toml.
    await page.goto(`${server.origin}/settings/agents`);
    await page.locator('li[data-definition="config:fake-tui"]').waitFor();
    expect(await page.locator('li[data-definition="builtin:claude"]').innerText()).not.toContain(
      'replaced by config.toml',
    );
  });

  it('previews a pasted screen and title', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/settings/agents/edit?source=config&id=fake-tui&pane=main:1`);
    await expect
      .poll(() => page.getByTestId('preview-state').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('blocked');
    const preview = page.getByTestId('live-preview');
    await preview
      .getByRole('radiogroup', { name: 'Screen source' })
      .getByRole('radio', { name: 'Paste' })
      .click();
    // Paste starts from the capture it replaces, so the state holds until the text changes.
    expect(await preview.getByLabel('Pasted screen').inputValue()).toContain(PHRASE);
    await preview.getByLabel('Pasted screen').fill(' some other tool\n\n nothing to see here\n');
    await preview.getByLabel('Pasted title').fill('other');
    await expect
      .poll(() => page.getByTestId('preview-state').getAttribute('data-state'), { timeout: 10_000 })
      .not.toBe('blocked');
    await preview.getByLabel('Pasted screen').fill(` pasted by hand\n ${PHRASE}, really\n`);
    await expect
      .poll(() => page.getByTestId('preview-state').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('blocked');
    expect(await page.getByTestId('preview-screen').locator('mark[data-rule="0"]').first().innerText()).toBe(
      PHRASE,
    );
    expect(await page.getByTestId('preview-title').innerText()).toContain('other');
    await screenshot(page, 'agent-editor-paste');
  });

  it('adds and removes patterns from the keyboard and saves with Ctrl+S', async () => {
    const { page } = browser;
    const rule = page.locator('li[data-rule-index="0"]');
    const focusedLabel = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    await rule.getByLabel('Rule 1 any of pattern 1', { exact: true }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect.poll(focusedLabel).toBe('Rule 1 any of pattern 2');
    await page.keyboard.type('esc dismiss');
    await page.keyboard.press('Enter');
    await expect.poll(focusedLabel).toBe('Rule 1 any of pattern 3');
    await expect.poll(() => rule.getByLabel(/^Rule 1 any of pattern \d$/).count()).toBe(3);
    // Backspace in the empty input takes it out and goes back to the one before, text intact.
    await page.keyboard.press('Backspace');
    await expect.poll(() => rule.getByLabel(/^Rule 1 any of pattern \d$/).count()).toBe(2);
    await expect.poll(focusedLabel).toBe('Rule 1 any of pattern 2');
    expect(await rule.getByLabel('Rule 1 any of pattern 2', { exact: true }).inputValue()).toBe(
      'esc dismiss',
    );
    // Backspace in a non-empty input edits text only.
    await page.keyboard.press('Backspace');
    expect(await rule.getByLabel('Rule 1 any of pattern 2', { exact: true }).inputValue()).toBe('esc dismis');
    await page.keyboard.type('s');
    await screenshot(page, 'agent-editor-keyboard');
    const before = readConfig()!.toString('utf8');
    await page.keyboard.press('Control+s');
    await expect
      .poll(() => page.getByTestId('editor-banner').innerText(), { timeout: 10_000 })
      .toContain('Saved to');
    const after = readConfig()!.toString('utf8');
    expect(after).not.toBe(before);
    expect(after).toContain(`any_of = ["${PHRASE}", "esc dismiss"]`);
  });

  it('exports plain TOML that config check accepts and a snippet that extensions check accepts', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export definition' });
    await dialog.waitFor();
    const pres = dialog.locator('pre');
    await expect
      .poll(async () => (await pres.allInnerTexts()).every((t) => t.includes('[[agents]]')), {
        timeout: 10_000,
      })
      .toBe(true);
    const [plain, snippet] = await pres.allInnerTexts();
    await screenshot(page, 'agent-editor-export');
    expect(plain).toContain('id = "fake-tui"');
    expect(plain).toContain(`any_of = ["${PHRASE}", "esc dismiss"]`);

    // The plain TOML is a config.toml of its own: `rozi config check` parses and validates it.
    const dir = mkdtempSync(join(tmpdir(), 'rozi-export-'));
    try {
      mkdirSync(join(dir, 'config'));
      writeFileSync(join(dir, 'config', 'config.toml'), plain!);
      const checked = await cli({ ...server.env, ROZI_CONFIG_DIR: join(dir, 'config') }, [
        'config',
        'check',
        '--format',
        'json',
      ]);
      expect(checked.code).toBe(0);
      expect(JSON.parse(checked.stdout)).toMatchObject({ exists: true, warnings: [] });
      const defs = await cli({ ...server.env, ROZI_CONFIG_DIR: join(dir, 'config') }, [
        'agents',
        'definitions',
        '--format',
        'json',
      ]);
      expect(defs.stdout).toContain('fake-tui');

      // The snippet under an [extension] header is a manifest `rozi extensions check` accepts.
      mkdirSync(join(dir, 'ext'));
      writeFileSync(
        join(dir, 'ext', 'extension.toml'),
        `[extension]\nid = "exported"\ntitle = "Exported"\nversion = "0.1.0"\napi = 1\n\n${snippet}`,
      );
      const ext = await cli(server.env, ['extensions', 'check', join(dir, 'ext')]);
      expect(ext.stderr).toBe('');
      expect(ext.code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it("copies an extension's agent into config.toml under its own id", async () => {
    const { page } = browser;
    await server.cli(['extensions', 'install', join(REPO_ROOT, 'examples', 'extensions', 'agent-mca')]);
    await page.goto(`${server.origin}/settings/agents`);
    const mca = page.locator('li[data-definition="extension:agent-mca.mca"]');
    await mca.waitFor({ timeout: 15_000 });
    await screenshot(page, 'agent-editor-list-extension');
    await mca.getByRole('link', { name: 'Copy to config' }).click();
    await page.waitForURL(/source=extension&id=agent-mca\.mca/);
    await expect
      .poll(() => page.getByLabel('Id', { exact: true }).inputValue(), { timeout: 15_000 })
      .toBe('mca');
    expect(await page.getByLabel('Label', { exact: true }).inputValue()).toBe('My Cool Agent');
    await expect.poll(() => page.locator('li[data-rule-index]').count()).toBe(2);
    // The mca rules read the fake-tui pane's screen as idle (nothing of mca's on it).
    await expect
      .poll(() => page.getByTestId('preview-state').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('idle');
    await screenshot(page, 'agent-editor-copy-extension');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('editor-banner').innerText(), { timeout: 10_000 })
      .toContain('Saved to');
    const text = readConfig()!.toString('utf8');
    expect(text).toContain('id = "mca"');
    expect(text).toContain('argv = ["mca", "--resume", "{session}"]');
    // Both now listed: the config copy and the extension's own, still namespaced.
    await page.goto(`${server.origin}/settings/agents`);
    await page.locator('li[data-definition="config:mca"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('li[data-definition="extension:agent-mca.mca"]').count()).toBe(1);
  });

  it('looks right in the light theme too', async () => {
    const { page } = browser;
    await page.evaluate(() =>
      localStorage.setItem(
        'rozi.settings.v1',
        JSON.stringify({ ...JSON.parse(localStorage.getItem('rozi.settings.v1') ?? '{}'), theme: 'light' }),
      ),
    );
    await page.goto(`${server.origin}/settings/agents/edit?source=config&id=fake-tui&pane=main:1`);
    await expect
      .poll(() => page.getByTestId('preview-state').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('blocked');
    await screenshot(page, 'agent-editor-light');
  });
});
