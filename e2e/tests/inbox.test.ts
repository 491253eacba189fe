// The needs-you inbox in Chromium: fake agents in real PTYs draw real captured blocked screens
// (fixtures/agents); the desktop panel, a blocked agent's toast and the phone's first screen
// (390×844) answer them with the agent's exact keys and the pane leaves blocked; a second client
// answering the same question is refused on screen without a byte written; a dialog whose
// choices cannot be read offers "Open pane" only.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitions } from '@rozi/detect';
import { agentCapture } from '../../apps/server/test/agentCaptures';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { REPO_ROOT, startRozi, type RoziServer } from '../lib/roziServer';
import { waitFor } from '../lib/terminalText';
import { agentRowsOf, followIfAsked, openWorkspace, workspaceTabs } from '../lib/workspaceProbe';

const FAKE = join(REPO_ROOT, 'apps', 'server', 'test', 'fake-agents', 'fake-agent.mjs');
const definitions = loadDefinitions();
const logs = mkdtempSync(join(tmpdir(), 'rozi-inbox-logs-'));
let server: RoziServer;
let desktop: Browser;

beforeAll(async () => {
  server = await startRozi();
  desktop = await openBrowser();
});

afterAll(async () => {
  await desktop?.close();
  await server?.dispose();
  rmSync(logs, { recursive: true, force: true });
});

interface Fake {
  pane: number;
  pid: number;
  received(): string;
}

/** A fake agent in a new tab, named `agent` for detection, drawing one captured case. */
async function launch(o: {
  agent: string;
  caseName?: string;
  sequence: string;
  answers: boolean;
}): Promise<Fake> {
  const log = join(logs, `${o.agent}-${Date.now()}.log`);
  writeFileSync(log, '');
  const out = await server.cli([
    '--format',
    'json',
    'new-pane',
    '--focus',
    '--tab-name',
    o.agent,
    '--argv',
    'env',
    // The name the definition matches (cursor's is cursor-agent).
    `ROZI_AGENT=${definitions.byId.get(o.agent)?.match.names[0] ?? o.agent}`,
    `FAKE_FIXTURE=${agentCapture(o.agent)}`,
    `FAKE_CASE=${o.caseName ?? ''}`,
    `FAKE_SEQUENCE=${o.sequence}`,
    `FAKE_ANSWERS=${o.answers ? 1 : 0}`,
    `FAKE_INPUT_LOG=${log}`,
    process.execPath,
    FAKE,
  ]);
  const pane = (JSON.parse(out) as { data: { id: number; pid: number } }).data;
  return {
    pane: pane.id,
    pid: pane.pid,
    received: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as string)
        .join(''),
  };
}

const stateOf = async (id: number) =>
  (await agentRowsOf(desktop.page)).find((r) => r.pane === id)?.state ?? null;

/** The bytes arrived, and nothing more follows. */
async function receivedExactly(f: Fake, bytes: string): Promise<void> {
  await waitFor('the answer reached the agent', async () => f.received() !== '');
  await new Promise((r) => setTimeout(r, 400));
  expect(f.received()).toBe(bytes);
}

describe('the needs-you inbox on the desktop', () => {
  it("opens with the agent's question; a choice sends its keys and the agent leaves blocked", async () => {
    const { page } = desktop;
    await openWorkspace(page, server.url);
    const claude = await launch({
      agent: 'claude',
      caseName: 'asking-a-question',
      sequence: 'blocked',
      answers: true,
    });
    const item = page.locator(`[data-inbox-panel] [data-inbox-item]`).first();
    await item.waitFor({ timeout: 20_000 });
    expect(await item.locator('[data-question]').innerText()).toBe(
      'Which config format approach would you prefer?',
    );
    expect(await item.locator('[data-choice] bdi').allInnerTexts()).toEqual(['TOML', 'YAML']);
    await screenshot(page, 'inbox-desktop');
    await item.locator('[data-choice="2"]').click();
    await receivedExactly(claude, '\x1b[B\r');
    await waitFor('claude left blocked', async () => (await stateOf(claude.pane)) !== 'blocked', 15_000);
    const answered = page.locator(`[data-inbox-panel] [data-answered]`).first();
    await answered.waitFor();
    expect(await answered.innerText()).toMatch(/YAML · browser · desktop/);
    await screenshot(page, 'inbox-desktop-answered');
  });

  it("answers from a background agent's toast, which carries the question", async () => {
    const { page } = desktop;
    const codex = await launch({ agent: 'codex', sequence: 'working,blocked', answers: true });
    // Back to the first tab: the agent's pane is out of view, so its turn to blocked is notified.
    // The page first takes the focus new-pane --focus gave the agent's tab (else that focus could
    // land after the click and keep the pane in view).
    const selected = (tab: ReturnType<typeof workspaceTabs>) => async () =>
      (await tab.getAttribute('aria-selected')) === 'true';
    await waitFor("the agent's tab in view", selected(workspaceTabs(page).last()), 15_000);
    await workspaceTabs(page).first().click();
    await waitFor('the first tab in view', selected(workspaceTabs(page).first()), 15_000);
    await waitFor('codex working', async () => (await stateOf(codex.pane)) === 'working', 15_000);
    process.kill(codex.pid, 'SIGUSR1');
    const toast = page.locator('[data-toast="blocked"]').last();
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.innerText()).toContain('asks: Do you trust the contents of this directory?');
    await screenshot(page, 'inbox-toast');
    await toast.locator('[data-choice="1"]').click();
    await receivedExactly(codex, '\r');
    await waitFor('codex left blocked', async () => (await stateOf(codex.pane)) !== 'blocked', 15_000);
  });

  it('a second client answering the same question is refused on screen, writing nothing', async () => {
    const { page } = desktop;
    const second = await openBrowser();
    try {
      // This agent stays on its dialog after an answer, so both pages still show the question.
      const kiro = await launch({ agent: 'kiro', sequence: 'blocked', answers: false });
      await openWorkspace(second.page, server.url);
      const mine = page.locator(`[data-inbox-panel] [data-inbox-item="${kiro.pane}"]`);
      const theirs = second.page
        .locator(`[data-inbox-panel] [data-inbox-item]`)
        .filter({ hasText: 'shell requires approval' });
      // Asked of the server first, so a slow detection and a page that missed the inbox's event
      // fail with different messages.
      await waitFor(
        'kiro blocked on the server',
        async () => {
          const row = (await agentRowsOf(page)).find((r) => r.pane === kiro.pane);
          if (row?.state !== 'blocked') throw new Error(`kiro reads ${JSON.stringify(row)}`);
          return true;
        },
        30_000,
      );
      await mine.waitFor({ timeout: 20_000 });
      await theirs.waitFor({ timeout: 20_000 });
      await mine.locator('[data-choice="1"]').click();
      await mine.locator('[data-outcome="sent"]').waitFor();
      await theirs.locator('[data-choice="3"]').click();
      const refusal = theirs.locator('[data-outcome="refused"]');
      await refusal.waitFor();
      expect(await refusal.innerText()).toMatch(
        /already answered by browser · desktop .*Yes, single permission.*nothing was sent/,
      );
      await screenshot(second.page, 'inbox-refused');
      await receivedExactly(kiro, '\r');
      await server.cli(['kill-pane', '--target', String(kiro.pane)]);
    } finally {
      await second.close();
    }
  });

  it('a dialog whose choices cannot be read shows its lines and "Open pane" only', async () => {
    const { page } = desktop;
    const kilo = await launch({ agent: 'kilo', sequence: 'blocked', answers: false });
    const item = page.locator(`[data-inbox-panel] [data-inbox-item="${kilo.pane}"]`);
    await waitFor('kilo blocked on the server', async () => (await stateOf(kilo.pane)) === 'blocked', 30_000);
    await item.waitFor({ timeout: 20_000 });
    // The first reading can come from a dialog still being drawn; the inbox reads it again.
    await expect
      .poll(() => item.locator('[data-question]').innerText(), { timeout: 20_000 })
      .toBe('Permission required');
    expect(await item.getAttribute('data-readable')).toBe('false');
    expect(await item.locator('[data-choice]').count()).toBe(0);
    expect(await item.locator('[data-excerpt]').innerText()).toContain('Allow once');
    await screenshot(page, 'inbox-fallback');
    await item.getByRole('button', { name: 'Open pane' }).click();
    await waitFor('kilo pane focused', async () =>
      (
        await page
          .locator('[role="tablist"][aria-label^="Tabs of"] [role="tab"][aria-selected="true"]')
          .innerText()
      ).includes('kilo'),
    );
    expect(kilo.received()).toBe('');
    await server.cli(['kill-pane', '--target', String(kilo.pane)]);
  });
});

describe('the needs-you inbox on a phone (390×844)', () => {
  it('is the first screen, with large buttons that answer', async () => {
    const phone = await openBrowser({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const cursor = await launch({ agent: 'cursor', sequence: 'blocked', answers: true });
      const url = new URL(server.url);
      url.searchParams.set('a11y', '1');
      await phone.page.goto(url.toString());
      // The desktop page drives main: the phone is asked, and follows.
      await followIfAsked(phone.page);
      const inbox = phone.page.locator('[data-mobile-inbox]');
      const item = inbox.locator(`[data-inbox-item="${cursor.pane}"]`);
      await item.waitFor({ timeout: 30_000 });
      // First on screen: above every pane card, inside the first viewport.
      const box = await item.boundingBox();
      expect(box && box.y + box.height).toBeLessThan(844);
      const firstCard = await phone.page.locator('[data-pane-card]').first().boundingBox();
      expect(firstCard && box && firstCard.y > box.y).toBe(true);
      const choice = item.locator('[data-choice="2"]');
      await screenshot(phone.page, 'inbox-phone');
      expect((await choice.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      await choice.tap();
      await receivedExactly(cursor, '\x1b[B \r');
      await waitFor('cursor left blocked', async () => (await stateOf(cursor.pane)) !== 'blocked', 15_000);
      await inbox.locator('[data-answered]').first().waitFor();
      expect(await inbox.locator('[data-answered]').first().innerText()).toMatch(
        /TypeScript · browser · phone/,
      );
      await screenshot(phone.page, 'inbox-phone-answered');
    } finally {
      await phone.close();
    }
  });
});
