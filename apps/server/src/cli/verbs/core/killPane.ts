// rozi kill-pane --target PANE
import { callServer } from '../../controlClient';
import { targetOf, targetOption } from '../../target';
import type { Verb } from '../../verb';

export const killPaneVerb: Verb = {
  path: ['kill-pane'],
  summary: "end a pane's program and remove the pane",
  options: [targetOption],
  async run(ctx) {
    const r = await callServer<{ id: number }>(ctx.io.env, 'panes.kill', targetOf(ctx));
    ctx.print(r, () => `killed pane ${r.id}`);
    return 0;
  },
};
