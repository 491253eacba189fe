// rozi list-sessions
import { callServer } from '../../controlClient';
import { formatTable } from '../../table';
import type { Verb } from '../../verb';

interface SessionRow {
  name: string;
  tabs: number;
  panes: number;
  folder: string | null;
}

export const listSessionsVerb: Verb = {
  path: ['list-sessions'],
  summary: 'list sessions',
  async run(ctx) {
    const rows = await callServer<SessionRow[]>(ctx.io.env, 'sessions.list');
    ctx.print(rows, () =>
      formatTable(
        ['NAME', 'TABS', 'PANES', 'FOLDER'],
        rows.map((r) => [r.name, r.tabs, r.panes, r.folder]),
      ),
    );
    return 0;
  },
};
