// rozi run-action <ext>.<id> | reload-extensions: runs an extension command as a person would
// (answers once the process started; its output goes to the extension's log), or reloads.
import type { Verb } from '../../verb';
import { callExtensions } from './extensionCall';

export const runActionVerb: Verb = {
  path: ['run-action'],
  summary: 'run an extension command (<extension>.<command>) or reload-extensions',
  positionals: [{ name: 'action', required: true }],
  async run(ctx) {
    const id = ctx.args.positionals[0] as string;
    const r = await callExtensions(ctx.io.env, 'extensions.runAction', { id });
    ctx.print(r, () =>
      r.reload
        ? [
            `reloaded: ${r.reload.loaded.length} loaded, ${r.reload.restarted.length} restarted, ${r.reload.stopped.length} stopped`,
            ...r.reload.problems.map((p) => `${p.extension || 'extensions'}: ${p.message}`),
          ].join('\n')
        : '',
    );
    return 0;
  },
};
