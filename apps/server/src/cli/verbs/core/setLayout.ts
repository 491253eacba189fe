// rozi set-layout KIND [--workspace N]: the workspace's tiling layout (dwindle, master, grid,
// columns, rows, scrollable, monocle); its panes re-tile at once. Default: the shown workspace.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { sessionOf } from '../../target';
import { workspaceWord } from '../../../api/inputs';
import { flag } from '../../flags';
import { defineVerb, requiredPositional } from '../../verb';

export const setLayoutVerb = defineVerb({
  path: ['set-layout'],
  summary: 'tile a workspace as dwindle, master, grid, columns, rows, scrollable or monocle',
  response: 'rozi',
  flags: z.object({
    workspace: flag.string(
      { value: 'N', description: 'the workspace (default: the one shown)' },
      workspaceWord.optional(),
    ),
  }),
  positionals: [{ name: 'kind', required: true }],
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'tabs.setLayout', {
      session: sessionOf(ctx),
      layout: requiredPositional(ctx.args, 0),
      workspace: ctx.opts.workspace,
    });
    ctx.print(r, () => `workspace ${r.workspace} of ${r.session} is ${r.layout}`);
    return 0;
  },
});
