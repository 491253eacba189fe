// rozi invoke <ext>.<id> --args-json '…' [--session NAME]: calls a deployed action and prints its
// JSON result. Inside an action (ROZI_INVOCATION_ID) the call nests under it.
import { sessionOf } from '../../target';
import { requiredPositional, type Verb } from '../../verb';
import { callExtensions } from './extensionCall';

export const invokeVerb: Verb = {
  path: ['invoke'],
  summary: 'call an extension action with JSON arguments',
  options: [
    { name: 'args-json', type: 'string', value: 'JSON', description: 'the arguments (default {})' },
    { name: 'session', type: 'string', value: 'NAME', description: 'the session it is deployed to' },
  ],
  positionals: [{ name: 'action', required: true }],
  async run(ctx) {
    const argsJson = typeof ctx.args.options['args-json'] === 'string' ? ctx.args.options['args-json'] : '{}';
    const r = await callExtensions(ctx.io.env, 'extensions.invoke', {
      action: requiredPositional(ctx.args, 0),
      argsJson,
      session: sessionOf(ctx),
      parent: ctx.io.env.ROZI_INVOCATION_ID || undefined,
    });
    ctx.io.stdout.write(JSON.stringify(r.result) + '\n');
    return 0;
  },
};
