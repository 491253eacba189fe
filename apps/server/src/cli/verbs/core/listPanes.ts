// rozi list-panes: a table on a terminal, the stable JSON rows when piped or with --format json.
import { callServer } from '../../controlClient';
import { formatTable } from '../../table';
import type { Verb } from '../../verb';
import type { PaneInfo } from '../../../session/model';

export const listPanesVerb: Verb = {
  path: ['list-panes'],
  summary: 'list panes (all sessions, or --session NAME)',
  async run(ctx) {
    const session = typeof ctx.args.options.session === 'string' ? ctx.args.options.session : undefined;
    const rows = await callServer<PaneInfo[]>(ctx.io.env, 'panes.list', { session });
    ctx.print(rows, () =>
      formatTable(
        ['SESSION', 'ID', 'TAB', 'TITLE', 'RUNNING', 'CWD', 'SIZE', 'STATE'],
        rows.map((p) => [
          p.session,
          p.id + (p.focused ? '*' : ''),
          p.tab,
          p.title.slice(0, 30),
          p.foreground_program,
          p.cwd,
          `${p.cols}x${p.rows}`,
          p.exited ? `exited ${p.exit_code ?? '?'}` : (p.agent_state ?? 'running'),
        ]),
      ),
    );
    return 0;
  },
};
