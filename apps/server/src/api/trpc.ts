// tRPC setup shared by every router: the context, the error mapping and the authenticated
// procedure. Authorization is checked HERE, in every procedure, not only by the HTTP gate
// (DESIGN.md security model): a request that reaches a procedure without a verified caller fails.
import { initTRPC, TRPCError } from '@trpc/server';
import { trpcCodeOf } from '../contract/codes';
import { codedError, describeError } from './errorShape';
import type { ApiContext } from './context';
import { hostRouting } from '../remote/routing';
import { readOnlyRefusal } from './readOnlyAccess';
import { followerRefusal } from './followerAccess';

export type { ApiContext, Caller, Diagnostics } from './context';

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
  // A read-only link's viewer reaches only the display queries of api/readOnlyAccess.ts.
  .use(({ ctx, path, next }) => {
    const refusal = ctx.caller.ok && ctx.caller.readOnly ? readOnlyRefusal(path) : null;
    if (refusal) throw new TRPCError({ code: 'FORBIDDEN', message: refusal });
    return next();
  })
  // A page following another's layout changes none of it (api/followerAccess.ts).
  .use(({ ctx, path, next }) => {
    const refusal = followerRefusal({ clients: ctx.clients, token: ctx.page, path });
    if (refusal) throw new TRPCError({ code: 'FORBIDDEN', message: refusal });
    return next();
  })
  // Every failure with a code of contract/codes.ts (workspace, extension host, action invoker, a
  // remote host's answer) leaves with that code's HTTP status, never as a bare 500.
  .use(async ({ next }) => {
    const result = await next();
    const coded = result.ok ? undefined : codedError(result.error.cause);
    if (!result.ok && coded) {
      throw new TRPCError({
        code: trpcCodeOf(coded.code),
        message: coded.message,
        cause: result.error.cause,
      });
    }
    return result;
  })
  // Calls naming a remote host's session or pane are answered by that host (remote/routing.ts).
  .use((opts) => hostRouting(opts) as ReturnType<typeof opts.next>);
