// rozi kill-pane --target PANE
import { callServer } from '../../controlClient';
import { targetOf, targetOption } from '../../target';
import type { Verb } from '../../verb';

export const killPaneVerb: Verb = {
  path: ['kill-pane'],
  response: 'rozi',
  summary: "end a pane's program and remove the pane",
  options: [targetOption],
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'panes.kill', targetOf(ctx));
    ctx.print(r, () => `killed pane ${r.id}`);
    return 0;
  },
};
