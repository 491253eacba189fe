// extensions.*: the extension host over tRPC (browser) and the control socket (CLI). Requests
// from extension processes carry `caller` (ROZI_EXTENSION + ROZI_EXTENSION_GENERATION, sent by
// the CLI); a retired generation is refused with code stale-generation (CLI exit 4).
import { attachedRowsOf } from '../paneRows';
import { z } from 'zod';
import type { PickerResult } from '../../events/types';
import { ExtensionHostError } from '../../extensions/hostError';
import { extensionsListing } from '../../extensions/listing';
import { deployOnHost } from '../../extensions/remoteDeploy';
import { PICKER_LIMITS, pickerWidth } from '../../extensions/pickerProtocol';
import type { StreamTabEvent } from '../../extensions/streamProducers';
import { sidebarPresetsOf, sidebarTabsOf } from '../../extensions/sidebarTabs';
import { ActionError } from '@rozi/extensions/node';
import { resolvePane, resolveSession } from '../../session/target';
import { runBuiltinAction } from '../builtinActions';
import { targetInput } from '../inputs';
import { procedure, router } from '../trpc';

/** Link text reaches a process environment, where a NUL cannot go (rozi refuses it the same way). */
const linkText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((t) => !t.includes('\0'), 'a link cannot contain a NUL character');

const caller = z.object({ extension: z.string(), generation: z.string() }).optional();
// Rows and actions arrive read by pickerProtocol.ts (bounded, rozi's fallbacks applied); these
// bounds only refuse what no client of it sends.
const pickerText = z.string().max(PICKER_LIMITS.text);
const pickerRow = z.object({
  id: z.string().max(PICKER_LIMITS.id),
  label: z.string().max(PICKER_LIMITS.label),
  group: pickerText.optional(),
  description: pickerText.optional(),
  disabled: pickerText.optional(),
  active: z.boolean().optional(),
  priority: z.number().int().optional(),
});
const pickerAction = z.object({
  id: pickerText,
  key: pickerText,
  label: pickerText,
  prompt: pickerText.optional(),
  close: z.boolean().optional(),
  confirm: z.boolean().optional(),
});
const sidebarRow = z.object({
  id: z.string().nullable().default(null),
  label: z.string(),
  header: z.boolean().default(false),
  group: z.string().nullable().default(null),
  depth: z.number().int().min(0).max(16).default(0),
  badge: z.string().nullable().default(null),
});
const pickerResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('selected'), row: pickerRow }),
  z.object({ kind: z.literal('input'), text: z.string() }),
  z.object({
    kind: z.literal('action'),
    action: z.string(),
    selected: pickerRow.nullable(),
    input: z.string().nullable(),
    close: z.boolean(),
  }),
  z.object({ kind: z.literal('cancelled') }),
  z.object({ kind: z.literal('refused'), reason: z.literal('overlay') }),
  z.object({ kind: z.literal('shown') }),
]);

/** Action failures keep their invoker code (deadline, already-running, …) for the CLI. */
function hostError(err: unknown): never {
  if (err instanceof ActionError) throw new ExtensionHostError(err.code, err.message);
  throw err;
}

function sessionName(
  ctx: { manager: Parameters<typeof resolveSession>[0] },
  name: string | undefined,
): string {
  return resolveSession(ctx.manager, name).name;
}

export const extensionsRouter = router({
  reload: procedure.mutation(({ ctx }) => ctx.extensions.reload()),

  list: procedure.query(({ ctx }) => extensionsListing(ctx.extensions)),

  status: procedure
    .input(z.object({ session: z.string().optional() }).optional())
    .query(async ({ ctx, input }) => {
      const host = ctx.extensions;
      // Placed processes on remote hosts (spec 003: status lists every host and placed process).
      const placed = await ctx.placement.report();
      return {
        hosts: placed.hosts,
        placed: placed.placed,
        extensions: host.runtimesList().map((rt) => ({
          id: rt.id,
          generation: rt.generation,
          services: [...rt.services.values()].map((s) => s.status()),
        })),
        deployments: host.deployments.status(input?.session),
        invocations: host.invoker.invocations(),
        // Sandboxed hooks' health (issue 8, apps/server/src/hooks): calls, failures, p50/p99, disabled.
        hooks: ctx.hooks.health(),
      };
    }),

  palette: procedure.query(({ ctx }) => ctx.extensions.commands.palette()),

  /** run-action <ext>.<id> (and reload-extensions): answers once the process has started. */
  /**
   * rozi's run-action: a built-in action id (api/builtinActions.ts) on the request's pane (else the
   * focused one), reload-extensions, or a config.toml / extension command.
   */
  runAction: procedure
    .input(targetInput.extend({ id: z.string().min(1), caller }))
    .mutation(async ({ ctx, input }) => {
      const host = ctx.extensions;
      host.checkLive(input.caller);
      const { id, caller: _caller, ...target } = input;
      const builtin = await runBuiltinAction({
        id,
        manager: ctx.manager,
        pane: () => resolvePane(ctx.manager, target),
      });
      if (builtin) return { id, pid: null, result: builtin.result };
      if (id === 'reload-extensions') return { id, reload: await host.reload() };
      const r = host.commands.runCommand(id);
      if (r.placed) {
        const remote = await r.placed;
        return { id, pid: remote.pid, host: remote.host };
      }
      return { id, pid: r.pid ?? null };
    }),

  setCommandVisibility: procedure
    .input(z.object({ command: z.string().min(1), visible: z.boolean(), caller }))
    .mutation(({ ctx, input }) => ctx.extensions.commands.setCommandVisibility(input)),

  sidebarTabs: procedure.query(({ ctx }) => sidebarTabsOf(ctx.extensions)),

  /** [[sidebar_presets]] of loaded extensions, as placements the web applies on request. */
  sidebarPresets: procedure.query(({ ctx }) => sidebarPresetsOf(ctx.extensions)),

  /** Agent definitions from enabled extensions (namespaced), for the detection host. */
  agents: procedure.query(({ ctx }) => ctx.extensions.agentDefinitions()),

  navigationPrograms: procedure.query(({ ctx }) => ctx.extensions.navigationPrograms()),

  /** A clicked link or hint in a terminal: routed to the first matching extension link handler. */
  openLink: procedure
    .input(
      z.object({
        url: linkText(8192).optional(),
        file: linkText(4096).optional(),
        line: z
          .string()
          .regex(/^\d{0,10}$/)
          .optional(),
        column: z
          .string()
          .regex(/^\d{0,10}$/)
          .optional(),
        /** The text the hint or link matched (ROZI_HINT). */
        hint: linkText(8192).optional(),
      }),
    )
    .mutation(({ ctx, input }) => ctx.extensions.commands.openLink(input)),

  /** A click in a tab; a stream row's click is also reported to its producer (`producer` picks one when rows repeat). */
  sidebarClick: procedure
    .input(
      z.object({
        tab: z.string().min(1),
        row: z.object({ label: z.string(), id: z.string().nullable().default(null) }).optional(),
        entry: z.number().int().min(0).optional(),
        producer: z.string().optional(),
      }),
    )
    .mutation(({ ctx, input }) => ctx.extensions.sidebar.clickRow(input)),

  sidebarPublish: procedure
    .input(
      z.object({
        tab: z.string().min(1),
        producer: z.string().default('default'),
        rows: z.array(sidebarRow).max(10_000),
        caller,
      }),
    )
    .mutation(({ ctx, input }) => {
      ctx.extensions.sidebar.publishRows({
        caller: input.caller,
        tab: input.tab,
        producer: input.producer,
        rows: input.rows,
      });
      return { tab: input.tab, rows: input.rows.length };
    }),

  /**
   * `rozi sidebar publish`'s back channel: held open for the publisher's life, it yields a
   * StreamTabEvent for each click on this producer's rows; when it ends (the process stopped),
   * the producer's rows go.
   */
  sidebarProducer: procedure
    .input(z.object({ tab: z.string().min(1), producer: z.string().default('default'), caller }))
    .subscription(async function* ({ ctx, input, signal }) {
      const queue: StreamTabEvent[] = [];
      let ended = false;
      let wake: (() => void) | undefined;
      const close = ctx.extensions.sidebar.openProducer({
        caller: input.caller,
        tab: input.tab,
        producer: input.producer,
        send: (e) => {
          queue.push(e);
          wake?.();
        },
        end: () => {
          ended = true;
          wake?.();
        },
      });
      const stop = (): void => {
        ended = true;
        wake?.();
      };
      signal?.addEventListener('abort', stop, { once: true });
      try {
        for (;;) {
          while (queue.length > 0) yield queue.shift() as StreamTabEvent;
          if (ended) return;
          await new Promise<void>((r) => (wake = r));
        }
      } finally {
        signal?.removeEventListener('abort', stop);
        close();
      }
    }),

  /**
   * `rozi list-panes --scope attached` (spec: session_scope): the panes of every attached session —
   * in this single-server edition, every live session — for an extension with a `session_scope =
   * "attached"` service, each with `on_screen` and `reference.session_instance`. A placed process
   * never reaches this: its own socket answers within its placement (host/placedGate.ts).
   */
  attachedPanes: procedure.input(z.object({ caller })).query(({ ctx, input }) => {
    const rt = ctx.extensions.checkCaller(input.caller, input.caller?.extension ?? '');
    if (!rt.manifest.services.some((s) => s.sessionScope === 'attached'))
      throw new ExtensionHostError(
        'not-permitted',
        `--scope attached needs a service of ${rt.id} with session_scope = "attached"`,
      );
    const focus = ctx.extensions.focusContext()?.sessionInstance;
    const onScreen = [...ctx.manager.sessions.values()].find((s) => s.instanceId === focus)?.name ?? null;
    return attachedRowsOf(ctx.manager, { only: undefined, onScreen });
  }),

  actionsList: procedure
    .input(z.object({ session: z.string().optional() }).optional())
    .query(({ ctx, input }) => {
      const session = sessionName(ctx, input?.session);
      return ctx.extensions.deployments.actions(session).map((a) => ({
        id: a.publicId,
        title: a.title,
        args_schema: a.argsSchema,
        result_schema: a.resultSchema,
        deadline_ms: a.deadlineMs,
        concurrency: a.concurrency,
      }));
    }),

  invoke: procedure
    .input(
      z.object({
        session: z.string().optional(),
        action: z.string().min(1),
        argsJson: z.string().default('{}'),
        parent: z.string().optional(),
        caller,
      }),
    )
    .mutation(async ({ ctx, input, signal }) => {
      const host = ctx.extensions;
      host.checkLive(input.caller);
      const session = sessionName(ctx, input.session);
      return host.deployments
        .invoke({ session, action: input.action, argsJson: input.argsJson, parent: input.parent, signal })
        .catch(hostError);
    }),

  invocationCancel: procedure.input(z.object({ id: z.string().min(1) })).mutation(({ ctx, input }) => {
    if (!ctx.extensions.invoker.cancel(input.id, 'cancelled by rozi invocation cancel'))
      throw new ExtensionHostError('not-found', `no running invocation '${input.id}'`);
    return { id: input.id, cancelled: true };
  }),

  deploy: procedure
    .input(z.object({ extension: z.string().min(1), session: z.string().min(1), caller }))
    .mutation(async ({ ctx, input }) => {
      if (input.caller)
        throw new ExtensionHostError(
          'not-permitted',
          'extensions deploy cannot be run by an extension process',
        );
      const onHost = deployOnHost(ctx, input);
      return onHost ?? ctx.extensions.deployments.deploy(input);
    }),

  undeploy: procedure
    .input(z.object({ extension: z.string().min(1), session: z.string().min(1), caller }))
    .mutation(({ ctx, input }) => {
      if (input.caller)
        throw new ExtensionHostError(
          'not-permitted',
          'extensions undeploy cannot be run by an extension process',
        );
      return ctx.extensions.deployments.undeploy(input);
    }),

  /**
   * rozi pick / rozi prompt: yields {type:'opened', id}, then {type:'action', result} for each
   * action that leaves it open, and ends with {type:'result', result}.
   */
  pick: procedure
    .input(
      z.object({
        mode: z.enum(['pick', 'prompt']).default('pick'),
        title: z.string().nullable().default(null),
        placeholder: z.string().nullable().default(null),
        default: z.string().nullable().default(null),
        width: z
          .number()
          .int()
          .nullable()
          .default(null)
          .transform((w) => (w === null ? null : pickerWidth(w))),
        rows: z.array(pickerRow).max(PICKER_LIMITS.rows).default([]),
        actions: z.array(pickerAction).max(PICKER_LIMITS.actions).default([]),
        caller,
      }),
    )
    .subscription(async function* ({ ctx, input, signal }) {
      const host = ctx.extensions;
      host.checkLive(input.caller);
      const queue: ({ type: 'opened'; id: string } | { type: 'action' | 'result'; result: PickerResult })[] =
        [];
      let wake: (() => void) | undefined;
      const push = (item: (typeof queue)[number]): void => {
        queue.push(item);
        wake?.();
      };
      const { caller: who, ...request } = input;
      const owner = who ? host.runtime(who.extension)?.generation : undefined;
      const done = host.pickers
        .request({
          request: { ...request, extension: who?.extension ?? null },
          owner,
          signal,
          onOpened: (id) => push({ type: 'opened', id }),
          onAction: (result) => push({ type: 'action', result }),
        })
        .then((result) => push({ type: 'result', result }));
      let failure: unknown;
      done.catch((err: unknown) => {
        failure = err;
        wake?.();
      });
      for (;;) {
        while (queue.length > 0) {
          const item = queue.shift() as (typeof queue)[number];
          yield item;
          if (item.type === 'result') return;
        }
        if (failure) throw failure;
        await new Promise<void>((r) => (wake = r));
      }
    }),

  /** rozi pick --json's later lines; `caller` takes a placed process's update to the client. */
  pickerRows: procedure
    .input(z.object({ id: z.string(), rows: z.array(pickerRow).max(PICKER_LIMITS.rows), caller }))
    .mutation(({ ctx, input }) => {
      ctx.extensions.checkLive(input.caller);
      ctx.extensions.pickers.rows(input.id, input.rows);
      return { id: input.id, rows: input.rows.length };
    }),

  /** The browser answers a picker it showed (first answer wins), or refuses it behind an overlay. */
  pickerAnswer: procedure
    .input(z.object({ id: z.string(), result: pickerResult }))
    .mutation(({ ctx, input }) => ({
      accepted: ctx.extensions.pickers.answer(input.id, input.result),
    })),
});
