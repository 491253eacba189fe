// rozi extensions index build --repos FILE --out DIR: reads each repository's root extension.toml
// at its default branch's head without running anything, and writes index.json (listed, with the
// exact commit) and skipped.json (repository and reasons). Logic in apps/server/src/discover.
import { z } from 'zod';
import { flag, required } from '../../flags';
import { resolve } from 'node:path';
import { CliError, defineVerb } from '../../verb';

export const extensionsIndexBuildVerb = defineVerb({
  path: ['extensions', 'index', 'build'],
  summary: 'build a Discover index (index.json, skipped.json) from a file of repository URLs',
  help: 'FILE lists one repository URL a line (https, ssh or file URLs; # starts a comment).\nNo repository code runs: each manifest is read from a bare fetch with git hooks disabled.',
  flags: z.object({
    repos: flag.string(
      { value: 'FILE', description: 'the repository URLs, one a line' },
      required('index build needs --repos FILE and --out DIR'),
    ),
    out: flag.string(
      { value: 'DIR', description: 'where index.json and skipped.json go' },
      required('index build needs --repos FILE and --out DIR'),
    ),
  }),
  async run(ctx) {
    const { repos, out } = ctx.opts;
    // Loaded on use, like the runtime: most `rozi` commands never need the validator.
    const { platformName, ROZI_COMPAT_VERSION } = await import('@rozi/extensions');
    const { buildIndex, readReposFile, writeIndexFiles } = await import('../../../discover/indexBuild');
    let list: string[];
    try {
      list = readReposFile(resolve(ctx.io.cwd, repos));
    } catch (err) {
      throw new CliError(
        'not-found',
        `${repos}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(err)}`,
      );
    }
    const result = await buildIndex({
      repos: list,
      env: ctx.io.env,
      roziVersion: ROZI_COMPAT_VERSION,
      platform: platformName(process.platform),
    });
    const files = writeIndexFiles(resolve(ctx.io.cwd, out), result);
    const summary = {
      listed: result.index.extensions.map((e) => ({ id: e.id, commit: e.commit, repo: e.repo })),
      skipped: result.skipped.skipped,
      files,
    };
    ctx.print(
      summary,
      () =>
        [
          `listed ${result.index.extensions.length}, skipped ${result.skipped.skipped.length}`,
          ...result.index.extensions.map(
            (e) => `  + ${e.id} ${e.version} ${e.commit.slice(0, 12)}  ${e.repo}`,
          ),
          ...result.skipped.skipped.map((s) => `  - ${s.repo}: ${s.reasons.join('; ')}`),
          `wrote ${files.index} and ${files.skipped}`,
        ].join('\n') + '\n',
    );
    return 0;
  },
});
