// rozi subscribe [EVENT…] [--events a,b]: the server's events as rozi's `{"event","data":{…}}`
// lines until interrupted (its control.md "Wire protocol" and hooks.md "Events"): the payloads
// hooks receive, from the one mapping in hooks/eventPayloads.ts (served by status.events), nested
// under `data`. No names: every event.
import { HOOK_EVENT_NAMES, roziEventLine } from '@rozi/extensions/node';
import { z } from 'zod';
import { subscribeServer } from '../../controlClient';
import { flag } from '../../flags';
import { CliError, defineVerb } from '../../verb';

export const subscribeVerb = defineVerb({
  path: ['subscribe'],
  summary: 'print server events as {"event","data"} JSON lines',
  help: `Events: ${HOOK_EVENT_NAMES.join(', ')}.`,
  flags: z.object({
    events: flag.list(
      { value: 'NAMES', description: 'only these events (comma list, repeatable; same as naming them)' },
      z.array(z.string()).default([]),
    ),
  }),
  positionals: [{ name: 'event', variadic: true }],
  async run(ctx) {
    const events = [...ctx.opts.events, ...ctx.args.positionals]
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
        ctx.io.stdout.write(JSON.stringify(roziEventLine(item)) + '\n');
      },
    );
    return 0;
  },
});
