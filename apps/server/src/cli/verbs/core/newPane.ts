// rozi new-pane [--session NAME] [--tab-name NAME] [--workspace N] [--focus] [COMMAND…] [--argv PROGRAM ARG…]:
// a pane in a new tab (the lowest free workspace), or with --workspace N in workspace N. Like rozi's, it leaves focus where it is unless --focus: a script must not pull the
// person's focus away.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { workspaceWord } from '../../../api/inputs';
import { flag } from '../../flags';
import { launchFlags, launchOf } from '../../launchArgs';
import { sessionOf } from '../../target';
import { defineVerb } from '../../verb';

export const newPaneVerb = defineVerb({
  path: ['new-pane'],
  summary: 'open a new tab with one pane running a shell, COMMAND or --argv program',
  response: 'rozi',
  flags: z.object({
    'tab-name': flag.string({ value: 'NAME', description: 'name of the new tab' }),
    workspace: flag.string(
      { value: 'N', description: 'open it in workspace N (1-9), beside its focused pane when it has panes' },
      workspaceWord.optional(),
    ),
    focus: flag.boolean({ description: 'select the new tab and pane (default: focus stays)' }),
    ...launchFlags,
  }),
  positionals: [{ name: 'command', variadic: true }],
  takesArgv: true,
  async run(ctx) {
    const o = ctx.opts;
    const r = await callServer(ctx.io.env, 'panes.newTab', {
      session: sessionOf(ctx),
      name: o['tab-name'],
      select: o.focus === true,
      workspace: o.workspace,
      ...launchOf(ctx),
    });
    ctx.print(
      { ...r.pane, accepted: true, pty_ready: r.pty_ready },
      () => `pane ${r.pane.id} in workspace ${r.workspace}${r.pty_ready ? '' : ' (pty not ready after 5 s)'}`,
    );
    return 0;
  },
});
