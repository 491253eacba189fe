// rozi actions list [--session NAME]: every action deployed in the session, with its schemas.
import { z } from 'zod';
import { flag } from '../../flags';
import { sessionOf } from '../../target';
import { formatTable } from '../../table';
import { defineVerb } from '../../verb';
import { callServer } from '../../controlClient';

export const actionsListVerb = defineVerb({
  path: ['actions', 'list'],
  summary: 'list the actions callable in a session',
  flags: z.object({
    session: flag.string({ value: 'NAME', description: 'session (default: the current one)' }),
  }),
  async run(ctx) {
    const rows = await callServer(ctx.io.env, 'extensions.actionsList', { session: sessionOf(ctx) });
    ctx.print(rows, () =>
      formatTable(
        ['ID', 'TITLE', 'DEADLINE', 'CONCURRENCY'],
        rows.map((a) => [a.id, a.title, `${a.deadline_ms} ms`, a.concurrency]),
      ),
    );
    return 0;
  },
});
