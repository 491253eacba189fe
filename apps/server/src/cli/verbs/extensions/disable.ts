// rozi extensions disable <id>: disables an installed extension; a running server reloads (a new
// generation starts on enable; disabling stops its services and retires its generation).
import type { Verb } from '../../verb';
import { extensionDirs, installFailure, reloadIfRunning } from './extensionCall';

export const extensionsDisableVerb: Verb = {
  path: ['extensions', 'disable'],
  summary: 'disable an installed extension',
  positionals: [{ name: 'id', required: true }],
  async run(ctx) {
    // Loaded on use: the runtime is heavy and most `rozi` commands never need it.
    const { setEnabled } = await import('@rozi/extensions/node');
    const id = ctx.args.positionals[0] as string;
    let changed: boolean;
    try {
      changed = setEnabled({ dirs: extensionDirs(ctx.io.env), id, enabled: false }).changed;
    } catch (err) {
      installFailure(err);
    }
    const server = await reloadIfRunning(ctx.io.env);
    ctx.print({ id, enabled: false, changed, server }, () => (changed ? `disabled ${id}` : `${id} was already disabled`));
    return 0;
  },
};
