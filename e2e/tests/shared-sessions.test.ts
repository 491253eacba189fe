// Shared sessions in the page (issue 20.4, rozi's sessions.md): two pages on one session show who
// holds the control lease (CTRL / VIEW chip) and Ctrl+A g takes it; a read-only link opened in
// another browser shows READ ONLY, watches the owner's output, and what it types never reaches
// the pane (asserted on the server with capture-pane). The second page is first asked Follow / Take
// control / Cancel (rozi's attach prompt); Esc leaves main alone, Attach asks again, Enter follows.
// Screenshots: shared-attach-prompt, shared-left-alone, shared-view, shared-read-only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, typeInTerminal, waitFor, waitForText } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let owner: Browser;
let guest: Browser;

beforeAll(async () => {
  server = await startRozi();
  owner = await openBrowser();
  guest = await openBrowser();
});

afterAll(async () => {
  await guest?.close();
  await owner?.close();
  await server?.dispose();
});

const chipOf = (page: Browser['page']) =>
  page.locator('[data-control-chip]').getAttribute('data-control-chip');
const capture = async () => {
  const out = JSON.parse(await server.cli(['capture-pane', '-t', 'main:1', '--format', 'json'])) as {
    data: { lines: string[] };
  };
  return out.data.lines.join('\n');
};

describe('shared sessions', () => {
  it('two pages show the lease; Ctrl+A g takes it; a read-only link watches but never types', async () => {
    const first = owner.page;
    await openWorkspace(first, server.url);
    const second = await owner.context.newPage();
    await openWorkspace(second, server.url, { attachPrompt: 'keep' });
    const roster = () => first.evaluate(async () => (await fetch('/trpc/workspace.clients')).text());
    // rozi's attach prompt: the second page joins a session the first drives and is asked.
    const prompt = second.locator('[data-attach-prompt="main"]');
    await prompt.waitFor({ timeout: 30_000 });
    const dialog = second.getByRole('dialog', { name: /^browser \d+ is driving main$/ });
    expect(await dialog.isVisible()).toBe(true);
    expect(await prompt.getByRole('button').allInnerTexts()).toEqual(['Cancel', 'Take control', 'Follow']);
    expect(await second.evaluate(() => document.activeElement?.textContent)).toBe('Follow');
    await screenshot(second, 'shared-attach-prompt');
    const onMain = async () =>
      (
        JSON.parse(await roster()) as { result: { data: { clients: { session: string | null }[] } } }
      ).result.data.clients.filter((c) => c.session === 'main').length;
    // Esc cancels: with no session to go back to, the page leaves main alone and is off its roster.
    await second.keyboard.press('Escape');
    const left = second.locator('[data-left-alone="main"]');
    await left.waitFor({ timeout: 30_000 });
    await waitFor('second off main', async () => (await onMain()) === 1, 30_000);
    expect(await pane(second, 1).count()).toBe(0);
    await screenshot(second, 'shared-left-alone');
    // Attach again from the keyboard: the prompt comes back; Enter follows.
    await waitFor('attach button focused', () =>
      second.evaluate(() => document.activeElement?.textContent === 'Attach to main'),
    );
    await second.keyboard.press('Enter');
    await prompt.waitFor({ timeout: 30_000 });
    await waitFor('Follow focused', () =>
      second.evaluate(() => document.activeElement?.textContent === 'Follow'),
    );
    await second.keyboard.press('Enter');
    await prompt.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await onMain()).toBe(2);
    await waitFor('first controls', async () => (await chipOf(first)) === 'ctrl', 30_000).catch(
      async (err) => {
        throw new Error(
          `${String(err)}; roster ${await roster()}; chips ${await first.locator('[data-control-chip]').count()}`,
        );
      },
    );
    await waitFor('second follows', async () => (await chipOf(second)) === 'view', 30_000);
    await screenshot(second, 'shared-view');
    await pane(second, 1).click();
    await second.keyboard.press('Control+a');
    await second.keyboard.press('g');
    await waitFor('second takes control', async () => (await chipOf(second)) === 'ctrl', 30_000);
    await waitFor('first follows', async () => (await chipOf(first)) === 'view', 30_000);
    await second.close();
    await waitFor(
      'first alone again: no chip',
      async () => (await first.locator('[data-control-chip]').count()) === 0,
      30_000,
    );

    const link = JSON.parse(await server.cli(['attach', 'main', '--read-only', '--format', 'json'])) as {
      data: { url: string };
    };
    await openWorkspace(guest.page, link.data.url);
    await waitFor('READ ONLY chip', async () => (await chipOf(guest.page)) === 'read-only', 30_000);
    await pane(guest.page, 1).click();
    await typeInTerminal(guest.page, 'echo GUEST-$((6*7))\n');
    await pane(first, 1).click();
    await typeInTerminal(first, 'echo OWNER-$((6*7))\n');
    await waitForText(guest.page, { paneId: 1, includes: 'OWNER-42', timeoutMs: 30_000 });
    await screenshot(guest.page, 'shared-read-only');
    const text = await capture();
    expect(text).toContain('OWNER-42');
    expect(text).not.toContain('GUEST');
  }, 300_000);
});
