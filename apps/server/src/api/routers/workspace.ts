// workspace.get (everything a page draws: the projection's view, which later `workspace-delta`
// events move forward) and workspace.events (the event bus as a subscription, used by the CLI
// over the control socket; browsers get the same events on the WebSocket).
import { z } from 'zod';
import type { ServerEvent, ServerEventType } from '../../events/types';
import type { WorkspaceView } from '../../projection/types';
import { procedure, router } from '../trpc';

export const workspaceRouter = router({
  get: procedure.query(({ ctx }): WorkspaceView => ctx.projection.view()),

  notifications: procedure.query(({ ctx }) => ctx.manager.notifications),

  /** The pages on each session and who holds each session's control lease (rozi's roster). */
  clients: procedure.query(({ ctx }) => ctx.clients.roster()),

  /** Memory and per-viewer flow-control state (tests and benchmarks read it). */
  diagnostics: procedure.query(({ ctx }) => ctx.diagnostics()),

  events: procedure
    .input(z.object({ types: z.array(z.string()).optional() }).optional())
    .subscription(async function* ({ ctx, input, signal }) {
      const wanted = input?.types ? new Set(input.types as ServerEventType[]) : null;
      const queue: ServerEvent[] = [];
      let wake: (() => void) | null = null;
      const off = ctx.manager.bus.onAny((e) => {
        if (wanted && !wanted.has(e.type)) return;
        queue.push(e);
        wake?.();
      });
      const aborted = new Promise<void>((resolve) =>
        signal?.addEventListener('abort', () => resolve(), { once: true }),
      );
      try {
        while (!signal?.aborted) {
          while (queue.length) yield queue.shift() as ServerEvent;
          await Promise.race([new Promise<void>((resolve) => (wake = resolve)), aborted]);
          wake = null;
        }
      } finally {
        off();
      }
    }),
});
