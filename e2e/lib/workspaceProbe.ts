// Asks the server what the workspace looks like, from inside the page (its cookie authenticates),
// so tests check the server's truth rather than the page's drawing of it.
import type { Page } from 'playwright-core';
import type { WorkspaceInfo } from '@rozi/server/model';

export async function workspaceOf(page: Page): Promise<WorkspaceInfo> {
  return page.evaluate(async () => {
    const response = await fetch('/trpc/workspace.get');
    const body = (await response.json()) as { result?: { data: unknown }; error?: unknown };
    if (!body.result) throw new Error(`workspace.get failed: ${JSON.stringify(body.error)}`);
    return body.result.data as WorkspaceInfo;
  });
}

/** Opens the server's URL (token exchanged for a cookie) with screen-reader mode on, and waits for a terminal. */
export async function openWorkspace(
  page: Page,
  url: string,
  o: {
    /**
     * A page joining a session another page drives is asked Follow / Take or Ask for control /
     * Cancel (rozi's attach prompt). `follow` (default) answers Follow, so a second page starts
     * as a follower as before; `keep` leaves the prompt for the test.
     */
    attachPrompt?: 'follow' | 'keep';
  } = {},
): Promise<void> {
  const target = new URL(url);
  target.searchParams.set('a11y', '1');
  await page.goto(target.toString());
  await page.locator('.xterm-accessibility-tree').first().waitFor({ timeout: 30_000 });
  if ((o.attachPrompt ?? 'follow') === 'follow') await followIfAsked(page);
}

/**
 * Waits until the page decided whether to ask (the roster lists it on the session: <html
 * data-attach> is neither unset nor `wait`) and, when rozi's attach prompt is up, answers Follow.
 */
export async function followIfAsked(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !['wait', undefined].includes(document.documentElement.dataset.attach),
    undefined,
    { timeout: 30_000 },
  );
  if ((await attachStepOf(page)) !== 'prompt') return;
  await page.locator('[data-attach-prompt]').getByRole('button', { name: 'Follow', exact: true }).click();
  await page.waitForFunction(() => document.documentElement.dataset.attach === 'settled', undefined, {
    timeout: 30_000,
  });
}

/** The page's attach step: wait (roster not read yet), prompt, settled, or left (Cancel). */
export function attachStepOf(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.documentElement.dataset.attach);
}

/** The status service's rows (effective agent states) for every pane, as the server reports them. */
export async function agentRowsOf(
  page: Page,
): Promise<
  Array<{ key: number; pane: number; session: string; state: string | null; message: string | null }>
> {
  return page.evaluate(async () => {
    const response = await fetch(
      `/trpc/agents.list?input=${encodeURIComponent(JSON.stringify({ all: true }))}`,
    );
    const body = (await response.json()) as { result?: { data: unknown }; error?: unknown };
    if (!body.result) throw new Error(`agents.list failed: ${JSON.stringify(body.error)}`);
    return body.result.data as Array<{
      key: number;
      pane: number;
      session: string;
      state: string | null;
      message: string | null;
    }>;
  });
}

/** The tabs of the workspace's tab bar (the sidebar's docks have tab strips of their own). */
export function workspaceTabs(page: Page) {
  return page.getByRole('tablist', { name: /^Tabs of / }).getByRole('tab');
}
