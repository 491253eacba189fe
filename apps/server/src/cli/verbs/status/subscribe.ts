// rozi subscribe [--events a,b]: the server's events as JSON lines until interrupted
// (agent-state-changed, pane-spawned, pane-exited, bell, notification, focus-changed, ...).
import { subscribeServer } from '../../controlClient';
import type { Verb } from '../../verb';

export const subscribeVerb: Verb = {
  path: ['subscribe'],
  summary: 'print server events as JSON lines (agent-state-changed, pane-exited, bell, notification, …)',
  options: [{ name: 'events', type: 'list', value: 'TYPES', description: 'only these event types (comma list, repeatable)' }],
  async run(ctx) {
    const v = ctx.args.options.events;
    const types = (Array.isArray(v) ? v : []).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
    await subscribeServer(ctx.io.env, 'workspace.events', types.length ? { types } : {}, (item) => {
      ctx.io.stdout.write(JSON.stringify(item) + '\n');
    });
    return 0;
  },
};
