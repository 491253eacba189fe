// rozi kill-pane --target PANE
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { targetFlags, targetOf } from '../../target';
import { defineVerb } from '../../verb';

export const killPaneVerb = defineVerb({
  path: ['kill-pane'],
  response: 'rozi',
  summary: "end a pane's program and remove the pane",
  flags: z.object(targetFlags),
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'panes.kill', targetOf(ctx));
    ctx.print(r, () => `killed pane ${r.id}`);
    return 0;
  },
});
