// tRPC setup shared by every router: the context, the error mapping and the authenticated
// procedure. Authorization is checked HERE, in every procedure, not only by the HTTP gate
// (DESIGN.md security model): a request that reaches a procedure without a verified caller fails.
import { initTRPC, TRPCError } from '@trpc/server';
import { RoziError, type RoziErrorCode } from '../session/errors';
import { describeError } from './errorShape';
import type { ApiContext } from './context';
import { hostRouting } from '../remote/routing';

export type { ApiContext, Caller, Diagnostics } from './context';

const trpcCode: Record<RoziErrorCode, TRPCError['code']> = {
  'not-found': 'NOT_FOUND',
  invalid: 'BAD_REQUEST',
  conflict: 'CONFLICT',
  'spawn-failed': 'INTERNAL_SERVER_ERROR',
  'too-large': 'PAYLOAD_TOO_LARGE',
};

const t = initTRPC.context<ApiContext>().create({
  errorFormatter({ shape, error }) {
    const described = describeError(error);
    return {
      ...shape,
      message: described.message,
      // Stack traces stay on the server.
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        roziCode: described.code,
      },
    };
  },
});

export const router = t.router;

export const procedure = t.procedure
  .use(({ ctx, next }) => {
    if (!ctx.caller.ok) throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.caller.reason });
    return next();
  })
  .use(async ({ next }) => {
    const result = await next();
    if (!result.ok && result.error.cause instanceof RoziError) {
      const cause = result.error.cause;
      throw new TRPCError({ code: trpcCode[cause.code], message: cause.message, cause });
    }
    return result;
  })
  // Calls naming a remote host's session or pane are answered by that host (remote/routing.ts).
  .use((opts) => hostRouting(opts) as ReturnType<typeof opts.next>);
