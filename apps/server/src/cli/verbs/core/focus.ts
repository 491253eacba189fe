// rozi focus --target PANE
import { callServer } from '../../controlClient';
import { targetOf, targetOption } from '../../target';
import type { Verb } from '../../verb';

export const focusVerb: Verb = {
  path: ['focus'],
  summary: 'focus a pane (and select its tab)',
  options: [targetOption],
  async run(ctx) {
    const r = await callServer<{ id: number }>(ctx.io.env, 'panes.focus', targetOf(ctx));
    ctx.print(r, () => `focused pane ${r.id}`);
    return 0;
  },
};
