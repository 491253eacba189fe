// rozi extensions install <git-url|dir> [--link] [--ref REV]: clones (or links) without running
// anything the repository holds, validates, records source, commit and digest, then reloads a
// running server.
import { z } from 'zod';
import { flag } from '../../flags';
import { defineVerb } from '../../verb';
import { extensionDirs, installFailure, interruptibleInstall, reloadIfRunning } from './extensionCall';

export const extensionsInstallVerb = defineVerb({
  path: ['extensions', 'install'],
  summary: 'install an extension from an https/ssh/file git URL or a directory',
  flags: z.object({
    link: flag.boolean({ description: 'use the directory in place (edits apply on reload-extensions)' }),
    ref: flag.string({ value: 'REV', description: 'branch, tag or commit to install' }),
  }),
  positionals: [{ name: 'source', required: true }],
  async run(ctx) {
    // Loaded on use: the runtime is heavy and most `rozi` commands never need it.
    const { installExtension } = await import('@rozi/extensions/node');
    const o = ctx.opts;
    const out = await interruptibleInstall(
      () =>
        installExtension({
          dirs: extensionDirs(ctx.io.env),
          source: ctx.args.positionals[0] as string,
          link: o.link === true,
          ref: o.ref,
          cwd: ctx.io.cwd,
          env: ctx.io.env,
        }),
      ctx.io.stderr,
    ).catch(installFailure);
    const server = await reloadIfRunning(ctx.io.env);
    const e = out.entry;
    ctx.print(
      {
        id: e.id,
        source: e.source,
        commit: e.commit,
        digest: e.digest,
        dir: e.dir,
        warning: out.warning ?? null,
        server,
      },
      () =>
        [
          `installed ${e.id}${out.manifest.extension.version ? ` ${out.manifest.extension.version}` : ''}${e.commit ? ` at ${e.commit.slice(0, 12)}` : ''}${e.source.kind === 'link' ? ` (linked to ${e.source.path})` : ''}`,
          out.warning ? `warning: ${out.warning}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
    );
    return 0;
  },
});
