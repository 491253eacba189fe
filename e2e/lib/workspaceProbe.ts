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
export async function openWorkspace(page: Page, url: string): Promise<void> {
  const target = new URL(url);
  target.searchParams.set('a11y', '1');
  await page.goto(target.toString());
  await page.locator('.xterm-accessibility-tree').first().waitFor({ timeout: 30_000 });
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
