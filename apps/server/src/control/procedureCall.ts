// Calls one tRPC procedure by its dotted path with a given context: what the control socket and
// the host link (host/linkSession.ts) both do with a request, so they reach the same code the
// browser reaches over HTTP. Returns the procedure's value, or its async iterable for a
// subscription; throws `invalid` for a path that names no procedure.
import { appRouter } from '../api/router';
import type { ApiContext } from '../api/trpc';
import { RoziError } from '../session/errors';

const procedurePaths = new Set(Object.keys(appRouter._def.procedures));

export interface ProcedureCall {
  path: string;
  input: unknown;
  signal: AbortSignal;
}

export async function callProcedure(ctx: ApiContext, call: ProcedureCall): Promise<unknown> {
  const { path, input, signal } = call;
  const caller = appRouter.createCaller(ctx, { signal });
  // Only the router's own procedures: walking arbitrary property names would reach
  // `constructor`, `__proto__` and friends of the caller object.
  let fn: unknown = procedurePaths.has(path) ? caller : undefined;
  for (const seg of path.split('.')) fn = (fn as Record<string, unknown> | undefined)?.[seg];
  if (typeof fn !== 'function') throw new RoziError('invalid', `no procedure named '${path}'`);
  return (fn as (input: unknown) => Promise<unknown>)(input);
}
