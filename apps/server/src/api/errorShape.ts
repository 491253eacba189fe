// One description of any failure a procedure can raise, for both transports: the HTTP error
// formatter (api/trpc.ts) and the control socket (control/socketServer.ts). Codes are stable:
// rozi's own (not-found, invalid, conflict, spawn-failed), plus unauthorized and internal.
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { ExtensionHostError } from '../extensions/hostError';
import { LinkCallError } from '../link/linkCallError';
import { RoziError } from '../session/errors';

export interface ErrorDescription {
  code: string;
  message: string;
}

function zodSummary(err: ZodError): string {
  return err.issues.map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`).join('; ');
}

export function describeError(err: unknown): ErrorDescription {
  const cause = err instanceof TRPCError ? err.cause : err;
  if (cause instanceof RoziError) return { code: cause.code, message: cause.message };
  // The extension host's stable codes (stale-generation, not-permitted, deadline, …): extensions/hostError.ts.
  if (cause instanceof ExtensionHostError) return { code: cause.code, message: cause.message };
  // A host's answer forwarded over its link keeps the host's code (remote/routing.ts).
  if (cause instanceof LinkCallError) return { code: cause.code, message: cause.message };
  if (cause instanceof ZodError) return { code: 'invalid', message: `invalid input: ${zodSummary(cause)}` };
  if (err instanceof TRPCError) {
    const code =
      err.code === 'UNAUTHORIZED'
        ? 'unauthorized'
        : err.code === 'NOT_FOUND'
          ? 'not-found'
          : err.code === 'BAD_REQUEST'
            ? 'invalid'
            : 'internal';
    return { code, message: err.message };
  }
  return { code: 'internal', message: err instanceof Error ? err.message : String(err) };
}
