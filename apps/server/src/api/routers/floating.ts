// floating.*: panes over a workspace's tiles (session/floating.ts): toggle a pane between tiling
// and floating, move/resize a float, open a floating pane or a popup, toggle the scratchpad.
import { z } from 'zod';
import {
  setFloatRect,
  spawnFloating,
  toggleFloat,
  toggleScratchpad,
  SCRATCHPAD_HEIGHT,
} from '../../session/floating';
import { resolvePane, resolveSession } from '../../session/target';
import { launchInput, PTY_READY_TIMEOUT_MS, targetInput } from '../inputs';
import { procedure, router } from '../trpc';

const fraction = z.number().finite().min(-1).max(2);
const rectInput = z.object({ x: fraction, y: fraction, width: fraction, height: fraction });

export const floatingRouter = router({
  /** rozi's toggle-float on the pane. */
  toggle: procedure
    .input(targetInput)
    .mutation(({ ctx, input }) => toggleFloat(ctx.manager, resolvePane(ctx.manager, input))),

  /** Moves or resizes a floating pane (fractions of the pane area; kept grabbable). */
  setRect: procedure.input(targetInput.extend(rectInput.shape)).mutation(({ ctx, input }) => {
    const { x, y, width, height, ...target } = input;
    const pane = resolvePane(ctx.manager, target);
    return setFloatRect(ctx.manager, { pane, rect: { x, y, width, height } });
  }),

  /** A new floating pane (spawn-float) or a popup over the target pane's workspace. */
  spawn: procedure
    .input(
      targetInput.extend(launchInput.shape).extend({
        kind: z.enum(['float', 'popup']).default('float'),
        rect: rectInput.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { session, target, key, sessionInstance, kind, rect, ...launch } = input;
      const near = resolvePane(ctx.manager, { session, target, key, sessionInstance });
      const pane = spawnFloating(ctx.manager, { near, launch, kind, rect });
      const ptyReady = await pane.waitReady(PTY_READY_TIMEOUT_MS);
      return { pane: ctx.manager.startedPaneInfo(pane), pty_ready: ptyReady };
    }),

  /** rozi's scratchpad toggle for the session. */
  scratchpad: procedure
    .input(z.object({ session: z.string().min(1).optional() }).optional())
    .mutation(({ ctx, input }) =>
      toggleScratchpad(ctx.manager, {
        session: resolveSession(ctx.manager, input?.session),
        settings: ctx.manager.paneDefaults().scratchpad ?? { height: SCRATCHPAD_HEIGHT.default },
      }),
    ),
});
