// agents.*: read the status rows, wait for a state, send a fenced prompt, integration reports,
// and which pane a browser is viewing. Waits and prompts run here, in the server, so they see
// every transition with no browser attached; the CLI holds one connection and never polls.
import { z } from 'zod';
import { RoziError } from '../../session/errors';
import { capturePane } from '../../session/capture';
import { resolveAgent, viewOf, type AgentRowView, type StatusFailure } from '../../status/agentViews';
import { WAIT_STATES, type WaitOutcome } from '../../status/agentWaits';
import { MAX_PROMPT_BYTES } from '../../status/promptEncoding';
import { MAX_WAIT_MS } from '../../status/waitDuration';
import { MAX_ANSWER_TEXT, type AnswerRefusal } from '../../status/answerFence';
import {
  answerView,
  inboxView,
  type AnswerView,
  type InboxItemView,
  type InboxView,
} from '../../status/needsInputViews';
import type { SessionManager } from '../../session/manager';
import { resolveSession } from '../../session/target';
import { reportedState, targetInput } from '../inputs';
import { procedure, router } from '../trpc';

const agentInput = targetInput.extend({ ref: z.string().min(1).optional() });
const untilInput = z
  .array(z.enum(WAIT_STATES))
  .min(1)
  .refine((a) => new Set(a).size === a.length, 'states must be unique');
const timeoutInput = z.number().int().min(1).max(MAX_WAIT_MS);

export interface WaitOutcomeView {
  ok: true;
  code: WaitOutcome['code'];
  state: WaitOutcome['state'];
  elapsed_ms: number;
  agent: AgentRowView | null;
}

function outcomeView(manager: SessionManager, o: WaitOutcome): WaitOutcomeView {
  return {
    ok: true,
    code: o.code,
    state: o.state,
    elapsed_ms: o.elapsed_ms,
    agent: o.row ? viewOf(manager, o.row) : null,
  };
}

/** Resolves when the outcome arrives; a caller that goes away cancels the wait. */
function awaitWait(
  handle: { result: Promise<WaitOutcome>; cancel(): void },
  signal: AbortSignal | undefined,
): Promise<WaitOutcome> {
  signal?.addEventListener('abort', () => handle.cancel(), { once: true });
  return handle.result;
}

export interface NotBlocked {
  ok: false;
  code: 'not-blocked';
  message: string;
}

export type AnswerReply =
  | { ok: true; written_bytes: number; answer: AnswerView }
  | { ok: false; code: AnswerRefusal | StatusFailure['code']; message: string; written_bytes: 0 };

export const agentsRouter = router({
  list: procedure
    .input(z.object({ session: z.string().min(1).optional(), all: z.boolean().optional() }).optional())
    .query(({ ctx, input }) => {
      const status = ctx.status;
      const session = input?.all ? null : resolveSession(ctx.manager, input?.session).name;
      const rows: AgentRowView[] = [];
      for (const row of status.hub.list()) {
        if (row.state === null) continue;
        const v = viewOf(ctx.manager, row);
        if (v && (session === null || v.session === session)) rows.push(v);
      }
      return rows.sort((a, b) => a.session.localeCompare(b.session) || a.pane - b.pane);
    }),

  get: procedure
    .input(agentInput)
    .query(({ ctx, input }): { ok: true; agent: AgentRowView } | StatusFailure => {
      const r = resolveAgent(ctx.manager, ctx.status, input);
      if (!r.ok) return r;
      const v = viewOf(ctx.manager, r.row);
      if (!v) return { ok: false, code: 'gone', message: 'the pane is gone' };
      return { ok: true, agent: v };
    }),

  read: procedure
    .input(agentInput.extend({ scrollback: z.number().int().nonnegative().optional() }))
    .query(async ({ ctx, input }) => {
      const r = resolveAgent(ctx.manager, ctx.status, input);
      if (!r.ok) return r;
      const pane = ctx.manager.panes.get(r.key);
      const v = viewOf(ctx.manager, r.row);
      if (!pane || !v) return { ok: false as const, code: 'gone' as const, message: 'the pane is gone' };
      return {
        ok: true as const,
        agent: v,
        capture: await capturePane(pane, { scrollback: input.scrollback }),
      };
    }),

  wait: procedure
    .input(agentInput.extend({ until: untilInput, timeoutMs: timeoutInput }))
    .mutation(async ({ ctx, input, signal }): Promise<WaitOutcomeView | StatusFailure> => {
      const status = ctx.status;
      const r = resolveAgent(ctx.manager, status, input);
      if (!r.ok) {
        if (r.code === 'gone' && input.until.includes('gone'))
          return { ok: true, code: 'matched', state: 'gone', elapsed_ms: 0, agent: null };
        return r;
      }
      const handle = status.wait({
        pane: r.key,
        until: input.until,
        timeoutMs: input.timeoutMs,
        ...(r.ref ? { occupantId: r.ref.occupant_id, epoch: r.ref.status_epoch } : {}),
      });
      return outcomeView(ctx.manager, await awaitWait(handle, signal));
    }),

  prompt: procedure
    .input(
      agentInput.extend({
        text: z.string(),
        allowWorking: z.boolean().optional(),
        wait: z.object({ until: untilInput, timeoutMs: timeoutInput }).optional(),
      }),
    )
    .mutation(async ({ ctx, input, signal }) => {
      const status = ctx.status;
      const r = resolveAgent(ctx.manager, status, input);
      if (!r.ok) return { ...r, written_bytes: 0 };
      const result = status.prompt({
        pane: r.key,
        text: input.text,
        ...(r.ref ? { ref: r.ref } : {}),
        allowWorking: input.allowWorking,
        ...(input.wait ? { wait: input.wait } : {}),
      });
      if (!result.ok)
        return {
          ok: false as const,
          code: result.code,
          message: result.message,
          written_bytes: 0,
          agent: result.row ? viewOf(ctx.manager, result.row) : null,
        };
      const wait = result.wait ? outcomeView(ctx.manager, await awaitWait(result.wait, signal)) : null;
      return {
        ok: true as const,
        written_bytes: result.written_bytes,
        agent: viewOf(ctx.manager, result.row),
        wait,
        limit_bytes: MAX_PROMPT_BYTES,
      };
    }),

  report: procedure
    .input(
      targetInput.extend({
        token: z.string().min(1),
        seq: z.number().int().positive(),
        state: reportedState,
        agent: z.string().min(1).optional(),
        nativeSession: z.string().min(1).optional(),
        message: z.string().max(200).optional(),
      }),
    )
    .mutation(({ ctx, input }) => {
      const status = ctx.status;
      const pane = resolveAgent(ctx.manager, status, input);
      if (!pane.ok) throw new RoziError('not-found', pane.message);
      const out = status.integration.report(pane.key, {
        token: input.token,
        seq: input.seq,
        state: input.state,
        agent: input.agent ?? null,
        nativeSession: input.nativeSession ?? null,
        message: input.message ?? null,
      });
      if (!out.ok) throw new RoziError('conflict', `${out.message} (${out.conflict})`);
      return { ok: true, agent: viewOf(ctx.manager, status.get(pane.key) ?? pane.row) };
    }),

  release: procedure
    .input(targetInput.extend({ token: z.string().min(1), seq: z.number().int().positive() }))
    .mutation(({ ctx, input }) => {
      const status = ctx.status;
      const pane = resolveAgent(ctx.manager, status, input);
      if (!pane.ok) throw new RoziError('not-found', pane.message);
      const out = status.integration.release(pane.key, { token: input.token, seq: input.seq });
      if (!out.ok) throw new RoziError('conflict', `${out.message} (${out.conflict})`);
      return { ok: true, agent: viewOf(ctx.manager, status.get(pane.key) ?? pane.row) };
    }),

  /** The question a blocked agent asks, its choices and the keys each sends (`rozi agents question`). */
  question: procedure
    .input(agentInput)
    .query(
      ({
        ctx,
        input,
      }):
        | { ok: true; agent: AgentRowView; question: InboxItemView['question'] }
        | StatusFailure
        | NotBlocked => {
        const status = ctx.status;
        const r = resolveAgent(ctx.manager, status, input);
        if (!r.ok) return r;
        const v = viewOf(ctx.manager, r.row);
        if (!v) return { ok: false, code: 'gone', message: 'the pane is gone' };
        const question = status.needs.question(r.key);
        if (!question)
          return {
            ok: false,
            code: 'not-blocked',
            message: `the agent is not waiting for input (it is ${v.state ?? 'gone'})`,
          };
        return { ok: true, agent: v, question };
      },
    ),

  /** Chooses choice N of a blocked agent's question, fenced (`rozi agents answer`, the inbox's buttons). */
  answer: procedure
    .input(
      agentInput.extend({
        choice: z.number().int().min(1).max(99),
        text: z
          .string()
          .max(MAX_ANSWER_TEXT * 2)
          .optional(),
        questionId: z.string().min(1).max(64).optional(),
        by: z.string().min(1).max(80).optional(),
      }),
    )
    .mutation(async ({ ctx, input }): Promise<AnswerReply> => {
      const status = ctx.status;
      const r = resolveAgent(ctx.manager, status, input);
      if (!r.ok) return { ...r, written_bytes: 0 };
      const result = await status.answer({
        pane: r.key,
        choice: input.choice,
        ...(input.text !== undefined ? { text: input.text } : {}),
        ...(input.questionId !== undefined ? { questionId: input.questionId } : {}),
        ...(r.ref ? { ref: r.ref } : {}),
        by: (input.by ?? 'cli').replace(/[^\p{L}\p{N} ·._@:/()-]/gu, '').slice(0, 80) || 'client',
      });
      if (!result.ok) return { ok: false, code: result.code, message: result.message, written_bytes: 0 };
      return {
        ok: true,
        written_bytes: result.written_bytes,
        answer: answerView(ctx.manager, result.record),
      };
    }),

  /** Everything that needs a person, oldest first, and the answers sent in this server run. */
  inbox: procedure.query(({ ctx }): InboxView => inboxView(ctx.manager, ctx.status.needs)),

  /** The browser shows (or stops showing) a pane: acknowledges done and cancels its pending notice. */
  setViewed: procedure
    .input(z.object({ key: z.number().int().positive(), viewed: z.boolean() }))
    .mutation(({ ctx, input }) => {
      ctx.status.setViewed(input.key, input.viewed);
      return { ok: true };
    }),
});
