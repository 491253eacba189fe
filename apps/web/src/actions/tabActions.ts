// Tab actions: new, next/previous, select by number, rename, close.
import { paneRunsProcess } from '../model/paneProcess';
import { paneKeyOf } from '../launcher/launcherModel';
import type { ActionContext, ActionDef } from './actionTypes';

function stepTab(ctx: ActionContext, step: number) {
  const { session, tab } = ctx;
  if (!session || !tab || session.tabs.length < 2) return;
  const index = session.tabs.findIndex((t) => t.id === tab.id);
  const next = session.tabs[(index + step + session.tabs.length) % session.tabs.length];
  if (next) return ctx.api.selectTab(session.name, next.id);
}

export async function closeTab(ctx: ActionContext, tabId: number): Promise<void> {
  const session = ctx.session;
  if (!session) return;
  const tab = session.tabs.find((t) => t.id === tabId);
  if (!tab) return;
  // Fresh rows: what runs in the foreground changes without a workspace event.
  const panes = await ctx.api.listPanes(session.name).catch(() => ctx.workspace.panesOfSession(session.name));
  const running = panes.filter((p) => p.tab === tabId && paneRunsProcess(p));
  if (running.length === 0 || ctx.confirm?.killWorkspace === false) {
    void ctx.api.closeTab(session.name, tabId);
    return;
  }
  ctx.ui.confirm({
    title: `Close tab “${tab.name}”?`,
    message: `${running.map((p) => p.foreground_program).join(', ')} ${running.length === 1 ? 'is' : 'are'} still running in this tab. Closing it ends ${running.length === 1 ? 'it' : 'them'}.`,
    confirmLabel: 'Close tab',
    onConfirm: () => ctx.api.closeTab(session.name, tabId),
  });
}

/** Asks for a tab's new name. */
export function renameTab(ctx: ActionContext, session: string, tab: { id: number; name: string }): void {
  ctx.ui.prompt({
    title: 'Rename tab',
    label: 'Tab name',
    initial: tab.name,
    onSubmit: async (value) => {
      if (!value.trim()) return 'A tab needs a name.';
      await ctx.api.renameTab(session, tab.id, value.trim());
    },
  });
}

const hasSession = (ctx: ActionContext) => ctx.session !== undefined;
const severalTabs = (ctx: ActionContext) => (ctx.session?.tabs.length ?? 0) > 1;

export const tabActions: ActionDef[] = [
  {
    id: 'new-tab',
    title: 'New tab',
    category: 'Tab',
    keywords: 'create open shell',
    enabled: hasSession,
    run: (ctx) => {
      const session = ctx.session?.name;
      if (session !== undefined) return ctx.ui.startPane(() => ctx.api.newTab({ session }).then(paneKeyOf));
    },
  },
  {
    id: 'next-tab',
    title: 'Next tab',
    category: 'Tab',
    enabled: severalTabs,
    run: (ctx) => stepTab(ctx, 1),
  },
  {
    id: 'prev-tab',
    title: 'Previous tab',
    category: 'Tab',
    enabled: severalTabs,
    run: (ctx) => stepTab(ctx, -1),
  },
  // A session's tabs are its workspaces 1-9 (rozi's model): N shows workspace N, opening an empty
  // one with a shell; the id keeps its tmux-era name so [keys] written for it keep working.
  ...Array.from({ length: 9 }, (_, i): ActionDef => ({
    id: `select-tab-${i + 1}`,
    title: `Switch to workspace ${i + 1}`,
    category: 'Tab',
    keywords: 'workspace tab go',
    enabled: hasSession,
    run: (ctx) => ctx.session && ctx.api.switchWorkspace(ctx.session.name, i + 1),
  })),
  ...Array.from({ length: 9 }, (_, i): ActionDef => ({
    id: `move-to-workspace-${i + 1}`,
    title: `Move pane to workspace ${i + 1}`,
    category: 'Tab',
    keywords: 'workspace tab send',
    enabled: (ctx) => ctx.pane !== undefined,
    run: (ctx) => ctx.pane && ctx.api.moveToWorkspace(ctx.pane.key, i + 1),
  })),
  {
    id: 'rename-tab',
    title: 'Rename tab…',
    category: 'Tab',
    enabled: (ctx) => ctx.tab !== undefined,
    run: (ctx) => ctx.session && ctx.tab && renameTab(ctx, ctx.session.name, ctx.tab),
  },
  {
    id: 'close-tab',
    title: 'Close tab',
    category: 'Tab',
    enabled: (ctx) => ctx.tab !== undefined,
    run: (ctx) => ctx.tab && closeTab(ctx, ctx.tab.id),
  },
];
