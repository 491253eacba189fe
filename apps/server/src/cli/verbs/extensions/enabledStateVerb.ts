// The shape `rozi extensions enable|disable <id>` share: flip an extension's enabled state (the
// registry's flag, or config.toml's `[extensions] disabled` for one cloned in by hand; see
// extensions/enabledState.ts), then have a running server reload (a new generation starts on
// enable; disabling stops its services and retires its generation).
import { resolvePaths } from '../../../config/paths';
import { z } from 'zod';
import { defineVerb, type Verb } from '../../verb';
import { extensionDirs, installFailure, reloadIfRunning } from './extensionCall';

export function enabledStateVerb(enabled: boolean): Verb {
  const word = enabled ? 'enable' : 'disable';
  return defineVerb({
    path: ['extensions', word],
    flags: z.object({}),
    summary: `${word} an installed extension`,
    positionals: [{ name: 'id', required: true }],
    async run(ctx) {
      // Loaded on use: the runtime is heavy and most `rozi` commands never need it.
      const { setExtensionEnabled } = await import('../../../extensions/enabledState');
      const id = ctx.args.positionals[0] as string;
      let changed: boolean;
      try {
        changed = setExtensionEnabled({
          dirs: extensionDirs(ctx.io.env),
          configFile: resolvePaths(ctx.io.env).configFile,
          id,
          enabled,
        }).changed;
      } catch (err) {
        installFailure(err);
      }
      const server = await reloadIfRunning(ctx.io.env);
      ctx.print({ id, enabled, changed, server }, () =>
        changed ? `${word}d ${id}` : `${id} was already ${word}d`,
      );
      return 0;
    },
  });
}
