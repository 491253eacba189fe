// status.*: a pane's self-reported state (`rozi status`) and published activity rows
// (`rozi publish`). Both are shown instead of screen detection while present; a live
// integration report still wins over them (packages/detect, reportArbitration.ts).
import { z } from 'zod';
import type { HookEvent } from '@rozi/extensions/node';
import { RoziError } from '../../session/errors';
import { resolvePane } from '../../session/target';
import { viewOf } from '../../status/agentViews';
import { listRowsOf } from '../paneRows';
import { activityState, reportedStatusValue, targetInput } from '../inputs';
import { setReportedStatus } from '../../status/setReportedStatus';
import { procedure, router } from '../trpc';

const tierState = activityState;
const rowInput = z.object({
  id: z.string().min(1).max(200),
  state: tierState,
  label: z.string().max(200).nullish(),
  message: z.string().max(200).nullish(),
});

export const statusRouter = router({
  set: procedure
    .input(targetInput.extend({ status: reportedStatusValue, reason: z.string().max(200).optional() }))
    .mutation(({ ctx, input }) => {
      const pane = resolvePane(ctx.manager, input);
      const row = setReportedStatus(ctx.manager, {
        status: ctx.status,
        pane,
        next: { status: input.status, reason: input.reason || null },
      });
      return {
        ok: true,
        pane: pane.id,
        reported_status: input.status,
        status_reason: input.reason || null,
        agent: row ? viewOf(ctx.manager, row) : null,
      };
    }),

  clear: procedure.input(targetInput).mutation(({ ctx, input }) => {
    const pane = resolvePane(ctx.manager, input);
    setReportedStatus(ctx.manager, { status: ctx.status, pane, next: null });
    return { ok: true, pane: pane.id, reported_status: null, status_reason: null };
  }),

  /**
   * Held open by `rozi publish` for as long as it runs: the first item is the publisher id its
   * row updates quote; when the connection closes, the rows go.
   */
  publisher: procedure
    .input(
      targetInput.extend({
        name: z.string().min(1).max(100),
        kind: z.enum(['agent', 'activity']).optional(),
      }),
    )
    .subscription(async function* ({ ctx, input, signal }) {
      const status = ctx.status;
      const pane = resolvePane(ctx.manager, input);
      const id = status.publishers.openPublisher({
        pane: pane.key,
        name: input.name,
        kind: input.kind ?? 'activity',
      });
      // A person activating one of its rows: rozi's {"activate":"<id>"} back to the publisher.
      const activations: string[] = [];
      let wake: (() => void) | undefined;
      status.publishers.onActivate(id, (row) => {
        activations.push(row);
        wake?.();
      });
      const ended = Promise.race([
        status.publishers.finished(id),
        new Promise<void>((resolve) => {
          if (signal?.aborted) return resolve();
          signal?.addEventListener('abort', () => resolve(), { once: true });
        }),
      ]).then(() => 'ended' as const);
      try {
        yield { publisher: id, pane: pane.id, session: pane.session.name };
        for (;;) {
          while (activations.length > 0) yield { activate: activations.shift() as string };
          const next = new Promise<'activation'>((resolve) => (wake = () => resolve('activation')));
          if ((await Promise.race([ended, next])) === 'ended') return;
        }
      } finally {
        status.publishers.close(id);
        ctx.manager.bus.workspaceChanged();
      }
    }),

  /**
   * A person activated a published row (the Activity view): the pane is focused and the
   * publishers that published the row are told (`rozi publish` writes `{"activate":"<id>"}`).
   */
  activateRow: procedure
    .input(targetInput.extend({ row: z.string().min(1).max(200) }))
    .mutation(({ ctx, input }) => {
      const pane = resolvePane(ctx.manager, input);
      ctx.manager.focus(pane);
      const told = ctx.status.publishers.activate(pane.key, input.row);
      if (told === 0)
        throw new RoziError('not-found', `no publisher of pane ${pane.id} has a row '${input.row}' now`);
      return { pane: pane.id, row: input.row, told };
    }),

  /** The publisher is done (its input ended): rows go now and its subscription ends. */
  closePublisher: procedure.input(z.object({ publisher: z.string().min(1) })).mutation(({ ctx, input }) => {
    ctx.status.publishers.close(input.publisher);
    return { ok: true };
  }),

  /**
   * `rozi metrics`: server and per-pane figures, sampled now (rozi's metrics answers the same
   * question; its resources are a terminal client's, so the fields are this server's own).
   */
  metrics: procedure.query(({ ctx }) => {
    const d = ctx.diagnostics();
    const panes = listRowsOf(ctx.manager, ctx.manager.workspace().panes);
    return {
      sampled_at_unix_ms: Date.now(),
      server: {
        uptime_ms: Math.round(process.uptime() * 1000),
        rss_bytes: d.memory.rss,
        heap_used_bytes: d.memory.heapUsed,
        viewer_connections: d.connections.length,
        panes: d.panes,
        sessions: ctx.manager.sessions.size,
      },
      panes: panes.map((p) => ({
        session: p.session,
        id: p.id,
        pid: p.pid,
        status: p.status,
        cols: p.cols,
        rows: p.rows,
        bell: p.bell,
      })),
    };
  }),

  /** The server's last config.toml read: ok/broken, its warnings with lines, the definitions in force. */
  config: procedure.query(({ ctx }) => ctx.status.configStatus()),

  /** config.toml's [[services]]: each one's state, restarts, last exit and log; entries skipped and why. */
  services: procedure.query(({ ctx }) => ({
    services: ctx.services.list(),
    problems: [...ctx.services.problems()],
  })),

  /**
   * `rozi subscribe`: the documented event payloads (docs/hooks.md, the hook service's one
   * mapping from bus and status changes), optionally only the named events.
   */
  events: procedure
    .input(z.object({ events: z.array(z.string()).optional() }).optional())
    .subscription(async function* ({ ctx, input, signal }) {
      const hooks = ctx.hooks;
      const wanted = input?.events?.length ? new Set(input.events) : null;
      const queue: HookEvent[] = [];
      let wake: (() => void) | null = null;
      const off = hooks.onEvent((event) => {
        if (wanted && !wanted.has(event.event)) return;
        queue.push(event);
        wake?.();
      });
      const aborted = new Promise<void>((resolve) =>
        signal?.addEventListener('abort', () => resolve(), { once: true }),
      );
      try {
        while (!signal?.aborted) {
          while (queue.length) yield queue.shift() as HookEvent;
          await Promise.race([new Promise<void>((resolve) => (wake = resolve)), aborted]);
          wake = null;
        }
      } finally {
        off();
      }
    }),

  publishRows: procedure
    .input(z.object({ publisher: z.string().min(1), rows: z.array(rowInput).max(100) }))
    .mutation(({ ctx, input }) => {
      if (!ctx.status.publishers.rows(input.publisher, input.rows)) {
        throw new RoziError('not-found', 'that publisher is closed (its rozi publish ended)');
      }
      // The Activity view lists each row: a new title with the same state is a change too.
      ctx.manager.bus.workspaceChanged();
      return { ok: true };
    }),
});
