// rozi config get KEY: one key as config.toml writes it (`theme.name`, `scrollback`,
// `logging.max_bytes`). Unset, it says so on stderr and exits 1, as `git config --get` does.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { CliError, defineVerb, requiredPositional } from '../../verb';
import { valueText } from './entryArgs';

export const configGetVerb = defineVerb({
  path: ['config', 'get'],
  summary: 'print one config.toml key as the file writes it (exit 1 when it is not set)',
  flags: z.object({}),
  positionals: [{ name: 'key', required: true }],
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'config.getKey', { key: requiredPositional(ctx.args, 0) });
    if (!r.set && ctx.format === 'text')
      throw new CliError('not-found', `${r.key} is not set in config.toml (the default applies)`);
    ctx.print(r, () => valueText(r.value));
    return r.set ? 0 : 1;
  },
});
