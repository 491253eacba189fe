// rozi set-layout KIND [--workspace N]: the workspace's tiling layout (dwindle, master, grid,
// columns, rows, scrollable, monocle); its panes re-tile at once. Default: the shown workspace.
import { callServer } from '../../controlClient';
import { sessionOf } from '../../target';
import { requiredPositional, type Verb } from '../../verb';
import { workspaceNumber } from './workspaceNumber';

export const setLayoutVerb: Verb = {
  path: ['set-layout'],
  summary: 'tile a workspace as dwindle, master, grid, columns, rows, scrollable or monocle',
  response: 'rozi',
  options: [
    { name: 'workspace', type: 'string', value: 'N', description: 'the workspace (default: the one shown)' },
  ],
  positionals: [{ name: 'kind', required: true }],
  async run(ctx) {
    const o = ctx.args.options;
    const r = await callServer(ctx.io.env, 'tabs.setLayout', {
      session: sessionOf(ctx),
      layout: requiredPositional(ctx.args, 0),
      workspace:
        o.workspace === undefined ? undefined : workspaceNumber(o.workspace, 'set-layout --workspace'),
    });
    ctx.print(r, () => `workspace ${r.workspace} of ${r.session} is ${r.layout}`);
    return 0;
  },
};
