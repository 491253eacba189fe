// rozi switch-workspace N: show workspace N of the session (a session's tabs are its workspaces
// 1-9); an empty workspace opens with a shell in the focused pane's directory.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { sessionOf } from '../../target';
import { defineVerb } from '../../verb';
import { positionalWorkspace } from './workspaceNumber';

export const switchWorkspaceVerb = defineVerb({
  path: ['switch-workspace'],
  summary: 'show workspace N (1-9) of the session, opening it with a shell when empty',
  response: 'rozi',
  flags: z.object({}),
  positionals: [{ name: 'n', required: true }],
  async run(ctx) {
    const workspace = positionalWorkspace(ctx.args, 'switch-workspace');
    const r = await callServer(ctx.io.env, 'tabs.switchWorkspace', { session: sessionOf(ctx), workspace });
    ctx.print(r, () => `workspace ${r.workspace} of ${r.session}${r.opened ? ' (opened with a shell)' : ''}`);
    return 0;
  },
});
