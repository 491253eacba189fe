// rozi list-sessions [--remote HOST]: sessions here and on attached hosts (HOST: only that host's)
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { formatTable } from '../../table';
import { remoteOf } from '../../target';
import { defineVerb } from '../../verb';

export const listSessionsVerb = defineVerb({
  flags: z.object({}),
  path: ['list-sessions'],
  response: 'rozi',
  summary: 'list sessions',
  async run(ctx) {
    const host = remoteOf(ctx);
    const rows = await callServer(ctx.io.env, 'sessions.list', host ? { host } : undefined);
    const remote = rows.some((r) => r.host);
    ctx.print(rows, () =>
      remote
        ? formatTable(
            ['NAME', 'HOST', 'TABS', 'PANES', 'FOLDER'],
            rows.map((r) => [
              r.name,
              r.host ? `${r.host}${r.state && r.state !== 'connected' ? ` (${r.state})` : ''}` : '-',
              r.tabs,
              r.panes,
              r.folder,
            ]),
          )
        : formatTable(
            ['NAME', 'TABS', 'PANES', 'FOLDER'],
            rows.map((r) => [r.name, r.tabs, r.panes, r.folder]),
          ),
    );
    return 0;
  },
});
