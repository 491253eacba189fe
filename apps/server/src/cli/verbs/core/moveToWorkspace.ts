// rozi move-to-workspace N [--target PANE]: the pane joins workspace N (made when empty), which
// the session then shows, as rozi's Shift+N does.
import { callServer } from '../../controlClient';
import { targetOf, targetOption } from '../../target';
import type { Verb } from '../../verb';
import { workspaceNumber } from './workspaceNumber';

export const moveToWorkspaceVerb: Verb = {
  path: ['move-to-workspace'],
  summary: 'move a pane to workspace N (1-9) and show it',
  response: 'rozi',
  options: [targetOption],
  positionals: [{ name: 'n', required: true }],
  async run(ctx) {
    const workspace = workspaceNumber(ctx.args.positionals[0], 'move-to-workspace');
    const r = await callServer(ctx.io.env, 'panes.moveToWorkspace', { ...targetOf(ctx), workspace });
    ctx.print(r, () => `pane ${r.id} is in workspace ${r.workspace}`);
    return 0;
  },
};
