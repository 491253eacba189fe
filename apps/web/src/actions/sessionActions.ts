// Session actions: new, rename, kill, set folder, next/previous.
import type { HostInfo } from '@rozi/server/model';
import type { ActionContext, ActionDef, PromptChoice } from './actionTypes';

function stepSession(ctx: ActionContext, step: number) {
  const sessions = ctx.workspace.data?.sessions ?? [];
  if (sessions.length < 2 || !ctx.session) return;
  const index = sessions.findIndex((s) => s.name === ctx.session!.name);
  const next = sessions[(index + step + sessions.length) % sessions.length];
  if (next) ctx.ui.selectSession(next.name);
}

const THIS_MACHINE = '';

/** The host choice of a new session: this machine, then every host the server knows. */
async function hostChoice(ctx: ActionContext, preferRemote: boolean): Promise<PromptChoice | undefined> {
  let hosts: HostInfo[];
  try {
    hosts = await ctx.api.listHosts();
  } catch {
    return undefined;
  }
  if (hosts.length === 0) return undefined;
  const current = ctx.session?.host ?? null;
  const initial =
    current && hosts.some((h) => h.alias === current)
      ? current
      : preferRemote
        ? (hosts[0]?.alias ?? THIS_MACHINE)
        : THIS_MACHINE;
  return {
    label: 'Host',
    initial,
    options: [
      { value: THIS_MACHINE, label: 'This machine' },
      ...hosts.map((h) => ({ value: h.alias, label: `${h.alias} (${hostStateWord(h)})` })),
    ],
  };
}

function hostStateWord(h: HostInfo): string {
  if (h.state === 'idle') return h.source === 'ssh-config' ? '~/.ssh/config' : 'configured';
  return h.state === 'connected' ? 'connected' : h.state;
}

/** New session; with `onHost` the "New session on…" form, a remote host chosen first. */
export async function newSessionPrompt(ctx: ActionContext, onHost = false): Promise<void> {
  const choice = await hostChoice(ctx, onHost);
  if (onHost && !choice)
    ctx.ui.notice('No remote hosts: add one under [remote.hosts.<alias>] in config.toml or ~/.ssh/config');
  ctx.ui.prompt({
    title: onHost ? 'New session on…' : 'New session',
    label: 'Session name',
    initial: '',
    submitLabel: 'Create',
    choice,
    onSubmit: async (value, host) => {
      const name = value.trim();
      if (!name) return 'A session needs a name.';
      const created = await ctx.api.newSession({ name, host: host || undefined });
      ctx.ui.selectSession(created);
      // Land on its pane with the focus: on the phone its terminal opens full screen instead of
      // leaving the person on the new session's card deck (launcher/paneLanding.ts). What is
      // typed while the server answers stays in the name field, which shows it.
      void ctx.ui
        .startPane(async () => (await ctx.api.listPanes(created).catch(() => []))[0]?.key, { hold: false })
        .catch(() => undefined);
    },
  });
}

export function killSession(ctx: ActionContext, name: string): void {
  const panes = ctx.workspace.panesOfSession(name).length;
  if (ctx.confirm?.killSession === false) {
    void ctx.api.killSession(name);
    return;
  }
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
    directory: { session: name },
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
    run: (ctx) => newSessionPrompt(ctx),
  },
  {
    id: 'new-session-on',
    title: 'New session on…',
    category: 'Session',
    keywords: 'remote host ssh machine server',
    run: (ctx) => newSessionPrompt(ctx, true),
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
