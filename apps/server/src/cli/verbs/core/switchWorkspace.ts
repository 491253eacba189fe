// rozi switch-workspace N: show workspace N of the session (a session's tabs are its workspaces
// 1-9); an empty workspace opens with a shell in the focused pane's directory.
import { callServer } from '../../controlClient';
import { sessionOf } from '../../target';
import type { Verb } from '../../verb';
import { workspaceNumber } from './workspaceNumber';

export const switchWorkspaceVerb: Verb = {
  path: ['switch-workspace'],
  summary: 'show workspace N (1-9) of the session, opening it with a shell when empty',
  response: 'rozi',
  options: [],
  positionals: [{ name: 'n', required: true }],
  async run(ctx) {
    const workspace = workspaceNumber(ctx.args.positionals[0], 'switch-workspace');
    const r = await callServer(ctx.io.env, 'tabs.switchWorkspace', { session: sessionOf(ctx), workspace });
    ctx.print(r, () => `workspace ${r.workspace} of ${r.session}${r.opened ? ' (opened with a shell)' : ''}`);
    return 0;
  },
};
