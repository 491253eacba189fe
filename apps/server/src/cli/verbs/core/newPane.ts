// rozi new-pane [--session NAME] [--tab-name NAME] [--focus] [COMMAND…] [--argv PROGRAM ARG…]: a pane in a
// new tab. Like rozi's, it leaves focus where it is unless --focus: a script must not pull the
// person's focus away.
import { callServer } from '../../controlClient';
import { launchOf, launchOptions } from '../../launchArgs';
import { sessionOf } from '../../target';
import type { Verb } from '../../verb';

export const newPaneVerb: Verb = {
  path: ['new-pane'],
  summary: 'open a new tab with one pane running a shell, COMMAND or --argv program',
  response: 'rozi',
  options: [
    { name: 'tab-name', type: 'string', value: 'NAME', description: 'name of the new tab' },
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
      ...launchOf(ctx),
    });
    ctx.print(
      { ...r.pane, accepted: true, pty_ready: r.pty_ready },
      () => `pane ${r.pane.id} in tab ${r.tab}${r.pty_ready ? '' : ' (pty not ready after 5 s)'}`,
    );
    return 0;
  },
};
