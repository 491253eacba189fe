// The shape `rozi extensions enable|disable <id>` share: flip an installed extension's enabled
// flag in the registry, then have a running server reload (a new generation starts on enable;
// disabling stops its services and retires its generation).
import type { Verb } from '../../verb';
import { extensionDirs, installFailure, reloadIfRunning } from './extensionCall';

export function enabledStateVerb(enabled: boolean): Verb {
  const word = enabled ? 'enable' : 'disable';
  return {
    path: ['extensions', word],
    summary: `${word} an installed extension`,
    positionals: [{ name: 'id', required: true }],
    async run(ctx) {
      // Loaded on use: the runtime is heavy and most `rozi` commands never need it.
      const { setEnabled } = await import('@rozi/extensions/node');
      const id = ctx.args.positionals[0] as string;
      let changed: boolean;
      try {
        changed = setEnabled({ dirs: extensionDirs(ctx.io.env), id, enabled }).changed;
      } catch (err) {
        installFailure(err);
      }
      const server = await reloadIfRunning(ctx.io.env);
      ctx.print({ id, enabled, changed, server }, () =>
        changed ? `${word}d ${id}` : `${id} was already ${word}d`,
      );
      return 0;
    },
  };
}
