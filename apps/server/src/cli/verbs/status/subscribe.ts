// rozi subscribe [--events a,b]: the server's events as JSON lines until interrupted, with the
// names and fields of docs/hooks.md ("Events"): the same payloads hooks receive, from the one
// mapping in hooks/eventPayloads.ts (served by status.events).
import { HOOK_EVENT_NAMES } from '@rozi/extensions/node';
import { subscribeServer } from '../../controlClient';
import { CliError, type Verb } from '../../verb';

export const subscribeVerb: Verb = {
  path: ['subscribe'],
  summary: `print server events as JSON lines (${HOOK_EVENT_NAMES.join(', ')})`,
  options: [
    {
      name: 'events',
      type: 'list',
      value: 'NAMES',
      description: 'only these events (comma list, repeatable)',
    },
  ],
  async run(ctx) {
    const v = ctx.args.options.events;
    const events = (Array.isArray(v) ? v : [])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean);
    const known = new Set<string>(HOOK_EVENT_NAMES);
    const unknown = events.filter((e) => !known.has(e));
    if (unknown.length) {
      throw new CliError(
        'usage',
        `unknown event${unknown.length === 1 ? '' : 's'} ${unknown.map((e) => `'${e}'`).join(', ')}; known: ${HOOK_EVENT_NAMES.join(', ')}`,
      );
    }
    await subscribeServer(
      ctx.io.env,
      { path: 'status.events', input: events.length ? { events } : {} },
      (item) => {
        ctx.io.stdout.write(JSON.stringify(item) + '\n');
      },
    );
    return 0;
  },
};
