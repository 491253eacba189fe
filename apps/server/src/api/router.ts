// The tRPC root: one router per domain (api/routers/<domain>.ts), assembled here. Served at
// /trpc by the custom HTTP server and at the control socket for the CLI (same procedures).
// STUB for the web engineer: the full routers follow; the shape of workspace.get is final.
import { initTRPC } from '@trpc/server';
import type { WorkspaceInfo } from '../session/model';

const t = initTRPC.context<{ workspace(): WorkspaceInfo }>().create();

export const appRouter = t.router({
  workspace: t.router({
    get: t.procedure.query(({ ctx }): WorkspaceInfo => ctx.workspace()),
  }),
});

export type AppRouter = typeof appRouter;
