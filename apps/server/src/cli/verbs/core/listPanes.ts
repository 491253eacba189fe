// rozi list-panes: a table on a terminal, the stable JSON rows when piped or with --format json.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { formatTable } from '../../table';
import { flag } from '../../flags';
import { defineVerb } from '../../verb';
import { callExtensions } from '../extensions/extensionCall';

export const listPanesVerb = defineVerb({
  path: ['list-panes'],
  response: 'rozi',
  summary: 'list panes (all sessions, or --session NAME)',
  flags: z.object({
    scope: flag.string(
      {
        value: 'active|attached',
        description: 'attached: every attached session, for a session_scope = "attached" service',
      },
      z.enum(['active', 'attached']).default('active'),
    ),
  }),
  async run(ctx) {
    const session = ctx.globals.session;
    const scope = ctx.opts.scope;
    // attached: every session's panes, with on_screen and reference.session_instance (spec: session_scope).
    const rows =
      scope === 'attached'
        ? await callExtensions(ctx.io.env, 'extensions.attachedPanes')
        : await callServer(ctx.io.env, 'panes.list', { session });
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
});
