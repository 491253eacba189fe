// rozi new-pane [--session NAME] [--tab-name NAME] [--workspace N] [--focus] [COMMAND…] [--argv PROGRAM ARG…]:
// a pane in a new tab (the lowest free workspace), or with --workspace N in workspace N. Like rozi's, it leaves focus where it is unless --focus: a script must not pull the
// person's focus away.
import { callServer } from '../../controlClient';
import { launchOf, launchOptions } from '../../launchArgs';
import { sessionOf } from '../../target';
import type { Verb } from '../../verb';
import { workspaceNumber } from './workspaceNumber';

export const newPaneVerb: Verb = {
  path: ['new-pane'],
  summary: 'open a new tab with one pane running a shell, COMMAND or --argv program',
  response: 'rozi',
  options: [
    { name: 'tab-name', type: 'string', value: 'NAME', description: 'name of the new tab' },
    {
      name: 'workspace',
      type: 'string',
      value: 'N',
      description: 'open it in workspace N (1-9), beside its focused pane when it has panes',
    },
    { name: 'focus', type: 'boolean', description: 'select the new tab and pane (default: focus stays)' },
    ...launchOptions,
  ],
  positionals: [{ name: 'command', variadic: true }],
  takesArgv: true,
  async run(ctx) {
    const o = ctx.args.options;
    const r = await callServer(ctx.io.env, 'panes.newTab', {
      session: sessionOf(ctx),
      name: typeof o['tab-name'] === 'string' ? o['tab-name'] : undefined,
      select: o.focus === true,
      workspace: o.workspace === undefined ? undefined : workspaceNumber(o.workspace, 'new-pane --workspace'),
      ...launchOf(ctx),
    });
    ctx.print(
      { ...r.pane, accepted: true, pty_ready: r.pty_ready },
      () => `pane ${r.pane.id} in workspace ${r.workspace}${r.pty_ready ? '' : ' (pty not ready after 5 s)'}`,
    );
    return 0;
  },
};
