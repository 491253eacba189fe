// tabs.create / rename / close / select.
import { z } from 'zod';
import { RoziError } from '../../session/errors';
import { checkLayoutKind, setLayout } from '../../session/layoutOps';
import { resolveSession } from '../../session/target';
import { checkWorkspace, tabOfWorkspace } from '../../session/workspaces';
import { launchInput, PTY_READY_TIMEOUT_MS } from '../inputs';
import { procedure, router } from '../trpc';

const tabRef = z.object({ session: z.string().min(1).optional(), tab: z.number().int().positive() });

export const tabCreateInput = launchInput.extend({
  session: z.string().min(1).optional(),
  name: z.string().min(1).optional(),
  select: z.boolean().optional(),
  /** rozi's new-pane --workspace N: into workspace N (beside its focused pane when it has one). Range checked by the manager. */
  workspace: z.number().int().optional(),
});

export const tabsRouter = router({
  create: procedure.input(tabCreateInput).mutation(async ({ ctx, input }) => {
    const { session: name, name: tabName, select, workspace, ...launch } = input;
    const session = resolveSession(ctx.manager, name);
    const { tab, pane } = ctx.manager.createTab(session, { name: tabName, launch, select, workspace });
    const ptyReady = await pane.waitReady(PTY_READY_TIMEOUT_MS);
    return {
      session: session.name,
      tab: tab.id,
      pane: ctx.manager.startedPaneInfo(pane),
      pty_ready: ptyReady,
    };
  }),

  rename: procedure.input(tabRef.extend({ name: z.string().min(1) })).mutation(({ ctx, input }) => {
    const tab = ctx.manager.renameTab(resolveSession(ctx.manager, input.session), input.tab, input.name);
    return { tab: tab.id, name: tab.name };
  }),

  close: procedure.input(tabRef).mutation(async ({ ctx, input }) => {
    await ctx.manager.closeTab(resolveSession(ctx.manager, input.session), input.tab);
    return { tab: input.tab, closed: true };
  }),

  /** rozi's switch-workspace N: shows workspace N, opening it with a shell when empty. */
  switchWorkspace: procedure
    .input(z.object({ session: z.string().min(1).optional(), workspace: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      const session = resolveSession(ctx.manager, input.session);
      const { tab, opened } = ctx.manager.switchWorkspace(session, input.workspace);
      if (opened) await opened.waitReady(PTY_READY_TIMEOUT_MS);
      return { session: session.name, workspace: tab.workspace, tab: tab.id, opened: opened !== null };
    }),

  /** Switches a workspace's layout kind (its tab, else its number, else the active one) and re-tiles it. */
  setLayout: procedure
    .input(
      z.object({
        session: z.string().min(1).optional(),
        tab: z.number().int().positive().optional(),
        workspace: z.number().int().optional(),
        layout: z.string(),
      }),
    )
    .mutation(({ ctx, input }) => {
      const session = resolveSession(ctx.manager, input.session);
      const kind = checkLayoutKind(input.layout);
      const tab =
        input.tab !== undefined
          ? session.tab(input.tab)
          : input.workspace !== undefined
            ? tabOfWorkspace(session, checkWorkspace(input.workspace))
            : session.tabs.find((t) => t.id === session.activeTabId);
      if (!tab)
        throw new RoziError(
          'not-found',
          `session '${session.name}' has no workspace ${input.workspace ?? ''}`,
        );
      setLayout(ctx.manager, { session, tab, kind });
      return { session: session.name, workspace: tab.workspace, tab: tab.id, layout: tab.layoutKind };
    }),

  select: procedure.input(tabRef).mutation(({ ctx, input }) => {
    const tab = ctx.manager.selectTab(resolveSession(ctx.manager, input.session), input.tab);
    return { tab: tab.id };
  }),
});
