// Session actions: new, rename, kill, set folder, next/previous.
import type { ActionContext, ActionDef } from './actionTypes';

function stepSession(ctx: ActionContext, step: number) {
  const sessions = ctx.workspace.data?.sessions ?? [];
  if (sessions.length < 2 || !ctx.session) return;
  const index = sessions.findIndex((s) => s.name === ctx.session!.name);
  const next = sessions[(index + step + sessions.length) % sessions.length];
  if (next) ctx.ui.selectSession(next.name);
}

export function newSessionPrompt(ctx: ActionContext): void {
  ctx.ui.prompt({
    title: 'New session',
    label: 'Session name',
    initial: '',
    submitLabel: 'Create',
    onSubmit: async (value) => {
      const name = value.trim();
      if (!name) return 'A session needs a name.';
      await ctx.api.newSession({ name });
      ctx.ui.selectSession(name);
    },
  });
}

export function killSession(ctx: ActionContext, name: string): void {
  const panes = ctx.workspace.panesOfSession(name).length;
  ctx.ui.confirm({
    title: `Kill session “${name}”?`,
    message: `This ends ${panes === 1 ? 'its pane' : `all ${panes} of its panes`} and every program running in them.`,
    confirmLabel: 'Kill session',
    onConfirm: () => ctx.api.killSession(name),
  });
}

export function renameSession(ctx: ActionContext, name: string): void {
  ctx.ui.prompt({
    title: 'Rename session',
    label: 'Session name',
    initial: name,
    onSubmit: async (value) => {
      const to = value.trim();
      if (!to) return 'A session needs a name.';
      if (to === name) return;
      await ctx.api.renameSession(name, to);
      ctx.ui.selectSession(to);
    },
  });
}

export function setSessionFolder(ctx: ActionContext, name: string, current: string | null): void {
  ctx.ui.prompt({
    title: 'Session folder',
    label: 'Directory new panes start in; sessions with the same folder are grouped (empty for none)',
    initial: current ?? '',
    onSubmit: async (value) => {
      await ctx.api.setFolder(name, value.trim() || null);
    },
  });
}

const hasSession = (ctx: ActionContext) => ctx.session !== undefined;
const severalSessions = (ctx: ActionContext) => (ctx.workspace.data?.sessions.length ?? 0) > 1;

export const sessionActions: ActionDef[] = [
  {
    id: 'new-session',
    title: 'New session…',
    category: 'Session',
    keywords: 'create workspace',
    run: newSessionPrompt,
  },
  {
    id: 'rename-session',
    title: 'Rename session…',
    category: 'Session',
    enabled: hasSession,
    run: (ctx) => ctx.session && renameSession(ctx, ctx.session.name),
  },
  {
    id: 'set-session-folder',
    title: 'Set session folder…',
    category: 'Session',
    keywords: 'directory cwd group project',
    enabled: hasSession,
    run: (ctx) => ctx.session && setSessionFolder(ctx, ctx.session.name, ctx.session.folder),
  },
  {
    id: 'kill-session',
    title: 'Kill session…',
    category: 'Session',
    keywords: 'close end delete',
    enabled: hasSession,
    run: (ctx) => ctx.session && killSession(ctx, ctx.session.name),
  },
  {
    id: 'next-session',
    title: 'Next session',
    category: 'Session',
    enabled: severalSessions,
    run: (ctx) => stepSession(ctx, 1),
  },
  {
    id: 'prev-session',
    title: 'Previous session',
    category: 'Session',
    enabled: severalSessions,
    run: (ctx) => stepSession(ctx, -1),
  },
];
