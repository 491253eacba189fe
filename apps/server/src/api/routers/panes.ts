// panes.*: split, newTab, focus, kill, rename, zoom, resizeSplit, equalize, move, capture,
// sendText, sendKeys, resize, list. Every target goes through session/target.ts.
import { listRowsOf } from '../paneRows';
import { z } from 'zod';
import { capturePane } from '../../session/capture';
import { promotePane, swapPanes } from '../../session/layoutOps';
import { spawnByRules } from '../../session/paneRules';
import { RoziError } from '../../session/errors';
import { resolvePane, resolveSession } from '../../session/target';
import { encodeKeys } from '../../keys/tmuxKeys';
import { launchInput, PTY_READY_TIMEOUT_MS, targetInput } from '../inputs';
import { paneInputRefusal } from '../limits';
import { procedure, router } from '../trpc';
import { tabCreateInput } from './tabs';

const direction = z.enum(['row', 'column']);
/** `auto`: dwindle picks the axis from the pane's shape (rozi's spawn); order-driven layouts re-tile. */
const placeDirection = z.enum(['row', 'column', 'auto']);

export const panesRouter = router({
  list: procedure
    .input(z.object({ session: z.string().min(1).optional() }).optional())
    .query(({ ctx, input }) => {
      const all = listRowsOf(ctx.manager, ctx.manager.workspace().panes);
      return input?.session
        ? all.filter((p) => p.session === resolveSession(ctx.manager, input.session).name)
        : all;
    }),

  split: procedure
    .input(
      targetInput.extend(launchInput.shape).extend({
        direction: placeDirection.default('row'),
        focus: z.boolean().optional(),
        before: z.boolean().optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { session, target, key, direction: dir, focus, before, ...launch } = input;
      const pane = ctx.manager.split(resolvePane(ctx.manager, { session, target, key }), {
        direction: dir,
        launch,
        focus,
        before,
      });
      const ptyReady = await pane.waitReady(PTY_READY_TIMEOUT_MS);
      return { pane: ctx.manager.startedPaneInfo(pane), pty_ready: ptyReady };
    }),

  newTab: procedure.input(tabCreateInput).mutation(async ({ ctx, input }) => {
    const { session: name, name: tabName, select, workspace, ...launch } = input;
    const session = resolveSession(ctx.manager, name);
    const open = () =>
      workspace === undefined
        ? ctx.manager.createTab(session, { name: tabName, launch, select })
        : ctx.manager.openInWorkspace(session, { workspace, name: tabName, launch, select });
    // [[rules]] place a command pane (rozi's new-pane); an explicit --workspace wins over them.
    const near = workspace === undefined ? session.focusedPane() : undefined;
    let opened: ReturnType<typeof open> | undefined;
    const pane = near
      ? spawnByRules(ctx.manager, { near, launch, fallback: () => (opened = open()).pane })
      : (opened = open()).pane;
    const tab = opened?.tab ?? session.tab(pane.tab);
    const ptyReady = await pane.waitReady(PTY_READY_TIMEOUT_MS);
    return {
      session: session.name,
      tab: tab.id,
      workspace: tab.workspace,
      pane: ctx.manager.startedPaneInfo(pane),
      pty_ready: ptyReady,
    };
  }),

  focus: procedure.input(targetInput).mutation(({ ctx, input }) => {
    const pane = resolvePane(ctx.manager, input);
    ctx.manager.focus(pane);
    return ctx.manager.paneInfo(pane);
  }),

  kill: procedure.input(targetInput).mutation(async ({ ctx, input }) => {
    const pane = resolvePane(ctx.manager, input);
    await ctx.manager.killPane(pane);
    return { id: pane.id, session: pane.session.name, killed: true, exit_code: pane.exitCode };
  }),

  rename: procedure.input(targetInput.extend({ name: z.string().nullable() })).mutation(({ ctx, input }) => {
    const pane = resolvePane(ctx.manager, input);
    ctx.manager.renamePane(pane, input.name);
    return ctx.manager.paneInfo(pane);
  }),

  zoom: procedure.input(targetInput.extend({ on: z.boolean().optional() })).mutation(({ ctx, input }) => {
    const pane = resolvePane(ctx.manager, input);
    return { id: pane.id, zoomed: ctx.manager.zoom(pane, input.on) };
  }),

  /** `path` = child indices from the tab's layout root to the split whose ratios change. */
  resizeSplit: procedure
    .input(
      z.object({
        session: z.string().min(1).optional(),
        tab: z.number().int().positive(),
        path: z.array(z.number().int().nonnegative()),
        ratios: z.array(z.number().positive()).min(2),
      }),
    )
    .mutation(({ ctx, input }) => {
      const tab = ctx.manager.resizeSplit(resolveSession(ctx.manager, input.session), {
        tab: input.tab,
        path: input.path,
        ratios: input.ratios,
      });
      return { tab: tab.id, layout: tab.layout };
    }),

  equalize: procedure
    .input(z.object({ session: z.string().min(1).optional(), tab: z.number().int().positive() }))
    .mutation(({ ctx, input }) => {
      const tab = ctx.manager.equalize(resolveSession(ctx.manager, input.session), input.tab);
      return { tab: tab.id, layout: tab.layout };
    }),

  /** Exchanges the pane with pane `with` of the same workspace, in place (rozi's swap). */
  swap: procedure
    .input(targetInput.extend({ with: z.number().int().positive() }))
    .mutation(({ ctx, input }) => {
      const pane = resolvePane(ctx.manager, input);
      const other = resolvePane(ctx.manager, { session: pane.session.name, target: input.with });
      const tab = swapPanes(ctx.manager, pane, other);
      return { tab: tab.id, layout: tab.layout };
    }),

  /** The pane takes its workspace's first (master) slot. */
  promote: procedure.input(targetInput).mutation(({ ctx, input }) => {
    const tab = promotePane(ctx.manager, resolvePane(ctx.manager, input));
    return { tab: tab.id, layout: tab.layout };
  }),

  /** rozi's move-to-workspace N: the pane joins workspace N (made when empty), which is shown. */
  moveToWorkspace: procedure
    .input(targetInput.extend({ workspace: z.number().int() }))
    .mutation(({ ctx, input }) => {
      const pane = resolvePane(ctx.manager, input);
      ctx.manager.moveToWorkspace(pane, input.workspace);
      return ctx.manager.paneInfo(pane);
    }),

  /** Moves a pane beside another (`to`, a pane id in the same session) or into a new tab. */
  move: procedure
    .input(
      targetInput.extend({
        to: z.number().int().positive().optional(),
        direction: direction.default('row'),
        before: z.boolean().optional(),
        newTab: z.boolean().optional(),
      }),
    )
    .mutation(({ ctx, input }) => {
      const pane = resolvePane(ctx.manager, input);
      if (input.newTab) ctx.manager.move(pane, { newTab: true });
      else if (input.to !== undefined)
        ctx.manager.move(pane, {
          to: resolvePane(ctx.manager, { session: pane.session.name, target: input.to }),
          direction: input.direction,
          before: input.before,
        });
      else throw new RoziError('invalid', 'move needs `to` (a pane id) or `newTab: true`');
      return ctx.manager.paneInfo(pane);
    }),

  capture: procedure
    .input(
      targetInput.extend({
        scrollback: z
          .union([z.number().int().nonnegative(), z.literal('full'), z.literal('last-output')])
          .optional(),
      }),
    )
    .query(async ({ ctx, input }) => {
      const pane = resolvePane(ctx.manager, input);
      return {
        id: pane.id,
        session: pane.session.name,
        ...(await capturePane(pane, { scrollback: input.scrollback })),
      };
    }),

  sendText: procedure.input(targetInput.extend({ text: z.string() })).mutation(({ ctx, input }) => {
    const pane = resolvePane(ctx.manager, input);
    if (pane.exited) throw new RoziError('conflict', `pane ${pane.id} has exited; nothing reads its input`);
    const tooLarge = paneInputRefusal(input.text);
    if (tooLarge) throw new RoziError('too-large', tooLarge);
    pane.write(input.text);
    return { id: pane.id, bytes: Buffer.byteLength(input.text) };
  }),

  sendKeys: procedure
    .input(targetInput.extend({ keys: z.array(z.string()).min(1), literal: z.boolean().optional() }))
    .mutation(({ ctx, input }) => {
      const pane = resolvePane(ctx.manager, input);
      if (pane.exited) throw new RoziError('conflict', `pane ${pane.id} has exited; nothing reads its input`);
      const enc = encodeKeys(input.keys, {
        literal: input.literal,
        applicationCursor: pane.mirror.state.applicationCursor,
      });
      if ('errors' in enc) throw new RoziError('invalid', enc.errors.join('; '));
      const tooLarge = paneInputRefusal(enc.data);
      if (tooLarge) throw new RoziError('too-large', tooLarge);
      pane.write(enc.data);
      return { id: pane.id, bytes: Buffer.byteLength(enc.data) };
    }),

  resize: procedure
    .input(
      targetInput.extend({ cols: z.number().int().min(2).max(1000), rows: z.number().int().min(1).max(500) }),
    )
    .mutation(({ ctx, input }) => {
      const pane = resolvePane(ctx.manager, input);
      pane.resize(input.cols, input.rows);
      return { id: pane.id, cols: pane.cols, rows: pane.rows };
    }),
});
