// rozi invoke <ext>.<id> --args-json '…' [--session NAME]: calls a deployed action and prints its
// JSON result. Inside an action (ROZI_INVOCATION_ID) the call nests under it.
import { z } from 'zod';
import { flag } from '../../flags';
import { sessionOf } from '../../target';
import { defineVerb, requiredPositional } from '../../verb';
import { callExtensions } from './extensionCall';

export const invokeVerb = defineVerb({
  path: ['invoke'],
  summary: 'call an extension action with JSON arguments',
  flags: z.object({
    'args-json': flag.string(
      { value: 'JSON', description: 'the arguments (default {})' },
      z.string().default('{}'),
    ),
    session: flag.string({ value: 'NAME', description: 'the session it is deployed to' }),
  }),
  positionals: [{ name: 'action', required: true }],
  async run(ctx) {
    const argsJson = ctx.opts['args-json'];
    const r = await callExtensions(ctx.io.env, 'extensions.invoke', {
      action: requiredPositional(ctx.args, 0),
      argsJson,
      session: sessionOf(ctx),
      parent: ctx.io.env.ROZI_INVOCATION_ID || undefined,
    });
    ctx.io.stdout.write(JSON.stringify(r.result) + '\n');
    return 0;
  },
});
