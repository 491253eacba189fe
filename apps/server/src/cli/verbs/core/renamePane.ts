// rozi rename-pane [--target PANE] NAME  (an empty NAME clears it)
import { callServer } from '../../controlClient';
import { targetOf, targetOption } from '../../target';
import type { Verb } from '../../verb';

export const renamePaneVerb: Verb = {
  path: ['rename-pane'],
  response: 'rozi',
  summary: "set a pane's name (shown until its program sets a title)",
  options: [targetOption],
  positionals: [{ name: 'name', required: true }],
  async run(ctx) {
    const name = ctx.args.positionals[0] ?? '';
    const r = await callServer(ctx.io.env, 'panes.rename', {
      ...targetOf(ctx),
      name: name || null,
    });
    ctx.print(r, () => `pane ${r.id}: ${r.title}`);
    return 0;
  },
};
