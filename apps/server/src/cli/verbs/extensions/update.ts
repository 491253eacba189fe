// rozi extensions update [<id>] [--dry-run]: fetches each source again, prints what changes in
// the contributions, then applies it (not with --dry-run) and reloads a running server.
import { z } from 'zod';
import { flag } from '../../flags';
import type { UpdatePlan } from '@rozi/extensions/node';
import { defineVerb } from '../../verb';
import { extensionDirs, installFailure, interruptibleInstall, reloadIfRunning } from './extensionCall';

export const extensionsUpdateVerb = defineVerb({
  path: ['extensions', 'update'],
  summary: 'update installed extensions, showing the contribution changes',
  flags: z.object({
    'dry-run': flag.boolean({ description: 'show what would change without applying it' }),
  }),
  positionals: [{ name: 'id' }],
  async run(ctx) {
    // Loaded on use: the runtime is heavy and most `rozi` commands never need it.
    const { formatDiff, readRegistry, updateExtension } = await import('@rozi/extensions/node');
    const dirs = extensionDirs(ctx.io.env);
    const ids = ctx.args.positionals[0]
      ? [ctx.args.positionals[0]]
      : readRegistry(dirs.extensionsDir).registry.extensions.map((e) => e.id);
    const plans: UpdatePlan[] = [];
    for (const id of ids)
      plans.push(
        await interruptibleInstall(
          () =>
            updateExtension({
              dirs,
              id,
              dryRun: ctx.opts['dry-run'] === true,
              env: ctx.io.env,
            }),
          ctx.io.stderr,
        ).catch(installFailure),
      );
    const server = plans.some((p) => p.status === 'updated')
      ? await reloadIfRunning(ctx.io.env)
      : 'unchanged';
    ctx.print(
      { updates: plans, server },
      () =>
        plans
          .map((p) =>
            [
              `${p.id}: ${p.status}${p.commitTo && p.commitFrom !== p.commitTo ? ` ${p.commitFrom?.slice(0, 12) ?? '-'} → ${p.commitTo.slice(0, 12)}` : ''}`,
              ...(p.diff && p.status !== 'up-to-date' ? formatDiff(p.diff).map((l) => `  ${l}`) : []),
            ].join('\n'),
          )
          .join('\n') || 'no extensions installed',
    );
    return 0;
  },
});
