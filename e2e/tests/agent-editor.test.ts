// The agent definition editor against a real server, a real PTY and Debian's Chromium: a fake
// agent program draws a captured screen in a pane; the editor opened from that pane adds a blocked
// rule with a phrase from the screen; the preview turns blocked before saving; saving writes
// config.toml and the pane's badge (list-panes agent_state) turns blocked; an invalid regex shows
// detect's warning inline and saving is refused with it; a built-in is overridden and the
// override undone byte for byte. Saves screenshots of the editor (e2e/screenshots/agent-editor-*).
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { REPO_ROOT, startRozi, type RoziServer } from '../lib/roziServer';
import { pane, typeInTerminal, waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

// A real capture of pi from the shared evidence (idle to the common rules). The fake program is
// named fake-tui so no built-in claims it; the editor's "New" names the agent after it.
const FIXTURE = join(REPO_ROOT, '..', 'shared', 'fixtures', 'agents', 'pi.toml');
const FALLBACK_SCREEN = ' pi v0.84.2\n escape interrupt · ctrl+c/ctrl+d clear/exit\n\n Pi can explain its own features and look up its docs.\n\n──────────\n/tmp/sample-project\n';
const PHRASE = 'Pi can explain its own features';

function fixtureScreen(): string {
  if (!existsSync(FIXTURE)) return FALLBACK_SCREEN;
  const text = readFileSync(FIXTURE, 'utf8');
  const m = /name = "idle-startup"[\s\S]*?screen = '''\n([\s\S]*?)'''/.exec(text);
  return m?.[1] ?? FALLBACK_SCREEN;
}

const FAKE_TUI = (screen: string) => `// Draws one screen like a full-screen TUI and waits, as an agent at its prompt does.
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
  const rows = JSON.parse(await server.cli(['list-panes', '--format', 'json'])) as PaneRow[] | { panes: PaneRow[] };
  return (Array.isArray(rows) ? rows : rows.panes).find((p) => p.id === id);
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
    await expect.poll(() => rule.locator('[data-rule-warnings]').innerText(), { timeout: 10_000 }).toContain('empty patterns are not allowed');
    await rule.getByRole('radiogroup', { name: 'Rule 1 scope' }).getByRole('radio', { name: 'All' }).click();
    await rule.getByLabel('Rule 1 any of pattern 1', { exact: true }).fill(PHRASE);
    await expect.poll(() => page.getByTestId('preview-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('blocked');
    await expect.poll(() => rule.locator('[data-rule-warnings]').count()).toBe(0);
    // Highlighted in place, tagged with its rule.
    expect(await page.getByTestId('preview-screen').locator('mark[data-rule="0"]').first().innerText()).toBe(PHRASE);
    expect(await page.getByTestId('preview-explanation').innerText()).toMatch(/Decided by\s+Rule 1 \(blocked, screen/);
    expect(readConfig()).toBeNull();
    await screenshot(page, 'agent-editor-preview-blocked');
  });

  it('saves into config.toml and the pane’s badge turns blocked', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByTestId('editor-banner').innerText(), { timeout: 10_000 }).toContain('Saved to');
    expect(await page.getByTestId('editor-banner').getAttribute('data-tone')).toBe('ok');
    const text = readConfig()!.toString('utf8');
    expect(text).toContain('id = "fake-tui"');
    expect(text).toContain('[[agents.states]]');
    expect(text).toContain(`any_of = ["${PHRASE}"]`);
    const row = await waitFor('pane 1 to read blocked', async () => {
      const r = await paneRow(1);
      return r?.agent === 'fake-tui' && r.agent_state === 'blocked' ? r : null;
    }, 20_000);
    expect(row.agent_state).toBe('blocked');
    // The page shows the same: the badge beside the preview follows the server.
    await expect.poll(() => page.getByTestId('pane-badge').locator('[data-state]').getAttribute('data-state'), { timeout: 10_000 }).toBe('blocked');
    await screenshot(page, 'agent-editor-saved');
  });

  it('saves the live capture as a fixture case and loads it back into the preview', async () => {
    const { page } = browser;
    const preview = page.getByTestId('live-preview');
    await preview.getByText('Save this screen as a fixture case').click();
    await preview.getByLabel('Case name').fill('blocked-explain');
    expect(await preview.getByLabel('Expected state').inputValue()).toBe('blocked');
    await preview.getByRole('button', { name: 'Save case' }).click();
    await expect.poll(() => preview.getByRole('status').innerText(), { timeout: 10_000 }).toMatch(/Created .*fixtures\/agents\/fake-tui\.toml/);
    const saved = readFileSync(join(server.home, '.local', 'share', 'rozi', 'fixtures', 'agents', 'fake-tui.toml'), 'utf8');
    expect(saved).toMatch(/\[\[case\]\]\nname = "blocked-explain"\nstate = "blocked"\ntitle = "π - sample-project"\nscreen = '''\n pi v0.84.2\n/);
    await preview.getByRole('radiogroup', { name: 'Screen source' }).getByRole('radio', { name: 'Fixture' }).click();
    const options = await preview.getByLabel('Fixture case').locator('option').allTextContents();
    expect(options).toContain('blocked-explain (expects blocked)');
    await preview.getByLabel('Fixture case').selectOption({ label: 'blocked-explain (expects blocked)' });
    await expect.poll(() => preview.getByTestId('fixture-verdict').innerText(), { timeout: 10_000 }).toBe('✓ expects blocked');
    await screenshot(page, 'agent-editor-fixture');
    await preview.getByRole('radiogroup', { name: 'Screen source' }).getByRole('radio', { name: 'Live pane' }).click();
    await preview.getByTestId('preview-screen').getByText(PHRASE).waitFor();
  });

  it('shows an invalid regex inline and refuses to save it, with the reason', async () => {
    const { page } = browser;
    const before = readConfig();
    const rule = page.locator('li[data-rule-index="0"]');
    await rule.getByRole('switch', { name: 'Regular expressions' }).click();
    await rule.getByLabel('Rule 1 any of pattern 1', { exact: true }).fill('pi can (explain');
    await expect.poll(() => rule.locator('[data-rule-warnings]').innerText(), { timeout: 10_000 }).toMatch(/invalid regex 'pi can \(explain'/);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByTestId('editor-banner').getAttribute('data-tone'), { timeout: 10_000 }).toBe('error');
    expect(await page.getByTestId('editor-banner').innerText()).toMatch(/not saved: agent 'fake-tui' rule 1: invalid regex/);
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
    await claude.getByRole('link', { name: 'Override Claude Code' }).or(claude.getByRole('link', { name: /^Override/ })).first().click();
    await page.waitForURL(/source=builtin&id=claude/);
    await expect.poll(() => page.getByLabel('Id', { exact: true }).inputValue(), { timeout: 15_000 }).toBe('claude');
    await expect.poll(async () => (await page.getByText('Overrides the built-in').count()) > 0, { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByTestId('editor-banner').innerText(), { timeout: 10_000 }).toContain('Saved to');
    const overridden = readConfig()!.toString('utf8');
    expect(overridden.startsWith(before.toString('utf8'))).toBe(true);
    expect(overridden).toContain('id = "claude"');
    await screenshot(page, 'agent-editor-override');
    await page.getByRole('button', { name: 'Undo last save' }).click();
    await expect.poll(() => page.getByTestId('editor-banner').innerText(), { timeout: 10_000 }).toContain('Undid the override of claude');
    expect(readConfig()!.equals(before)).toBe(true);
    // The list agrees: claude is a plain built-in again, fake-tui stays in config.toml.
    await page.goto(`${server.origin}/settings/agents`);
    await page.locator('li[data-definition="config:fake-tui"]').waitFor();
    expect(await page.locator('li[data-definition="builtin:claude"]').innerText()).not.toContain('replaced by config.toml');
  });

  it('looks right in the light theme too', async () => {
    const { page } = browser;
    await page.evaluate(() => localStorage.setItem('rozi.settings.v1', JSON.stringify({ ...JSON.parse(localStorage.getItem('rozi.settings.v1') ?? '{}'), theme: 'light' })));
    await page.goto(`${server.origin}/settings/agents/edit?source=config&id=fake-tui&pane=main:1`);
    await expect.poll(() => page.getByTestId('preview-state').getAttribute('data-state'), { timeout: 15_000 }).toBe('blocked');
    await screenshot(page, 'agent-editor-light');
  });
});
