// rozi move-to-workspace N [--target PANE]: the pane joins workspace N (made when empty), which
// the session then shows, as rozi's Shift+N does.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { targetFlags, targetOf } from '../../target';
import { defineVerb } from '../../verb';
import { positionalWorkspace } from './workspaceNumber';

export const moveToWorkspaceVerb = defineVerb({
  path: ['move-to-workspace'],
  summary: 'move a pane to workspace N (1-9) and show it',
  response: 'rozi',
  flags: z.object(targetFlags),
  positionals: [{ name: 'n', required: true }],
  async run(ctx) {
    const workspace = positionalWorkspace(ctx.args, 'move-to-workspace');
    const r = await callServer(ctx.io.env, 'panes.moveToWorkspace', { ...targetOf(ctx), workspace });
    ctx.print(r, () => `pane ${r.id} is in workspace ${r.workspace}`);
    return 0;
  },
});
