// One description of any failure a procedure can raise, for both transports: the HTTP error
// formatter (api/trpc.ts) and the control socket (control/socketServer.ts). Codes are the rows of
// contract/codes.ts.
import { ActionError } from '@rozi/extensions/node';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { ExtensionHostError } from '../extensions/hostError';
import { LinkCallError } from '../link/linkCallError';
import { RoziError } from '../session/errors';
import { WorktreeError } from '../worktrees/worktreeError';

export interface ErrorDescription {
  code: string;
  message: string;
}

function zodSummary(err: ZodError): string {
  return err.issues.map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`).join('; ');
}

/**
 * The code and message of an error that carries one: the workspace's (RoziError), the extension
 * host's (stale-generation, not-permitted, …), the action invoker's (deadline, already-running,
 * …), or a remote host's answer forwarded over its link, which keeps the host's code.
 */
export function codedError(err: unknown): ErrorDescription | undefined {
  if (
    err instanceof RoziError ||
    err instanceof ExtensionHostError ||
    err instanceof ActionError ||
    err instanceof LinkCallError ||
    err instanceof WorktreeError
  )
    return { code: err.code, message: err.message };
  return undefined;
}

export function describeError(err: unknown): ErrorDescription {
  const cause = err instanceof TRPCError ? err.cause : err;
  const coded = codedError(cause);
  if (coded) return coded;
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
