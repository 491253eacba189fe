// rozi new-pane [--session NAME] [--tab-name NAME] [COMMAND…] [--argv PROGRAM ARG…]: a pane in a new tab.
import { callServer } from '../../controlClient';
import { launchOf, launchOptions } from '../../launchArgs';
import { sessionOf } from '../../target';
import type { Verb } from '../../verb';
import type { PaneInfo } from '../../../session/model';

export const newPaneVerb: Verb = {
  path: ['new-pane'],
  summary: 'open a new tab with one pane running a shell, COMMAND or --argv program',
  options: [
    { name: 'tab-name', type: 'string', value: 'NAME', description: 'name of the new tab' },
    { name: 'focus', type: 'boolean', description: 'select the new tab (default: yes)' },
    ...launchOptions,
  ],
  positionals: [{ name: 'command', variadic: true }],
  takesArgv: true,
  async run(ctx) {
    const o = ctx.args.options;
    const r = await callServer<{ tab: number; pane: PaneInfo; pty_ready: boolean }>(
      ctx.io.env,
      'panes.newTab',
      {
        session: sessionOf(ctx),
        name: typeof o['tab-name'] === 'string' ? o['tab-name'] : undefined,
        select: o.focus !== false,
        ...launchOf(ctx),
      },
    );
    ctx.print(
      { ...r.pane, pty_ready: r.pty_ready },
      () => `pane ${r.pane.id} in tab ${r.tab}${r.pty_ready ? '' : ' (pty not ready after 5 s)'}`,
    );
    return 0;
  },
};
