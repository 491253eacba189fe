// rozi config keys: every key `rozi config set` takes, with its type and what config.toml says.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { defineVerb } from '../../verb';
import { valueText } from './entryArgs';

export const configKeysVerb = defineVerb({
  path: ['config', 'keys'],
  summary: 'list the config.toml keys rozi config set takes, with their types and values',
  flags: z.object({}),
  async run(ctx) {
    const rows = await callServer(ctx.io.env, 'config.keys');
    ctx.print(rows, () =>
      rows
        .map(
          (r) =>
            `${r.key.padEnd(32)} ${r.type.padEnd(14)} ${r.value === null ? '(default)' : valueText(r.value)}`,
        )
        .join('\n'),
    );
    return 0;
  },
});
