// rozi config set KEY VALUE / rozi config unset KEY: one key of config.toml written through the
// server's one locked, comment-keeping edit (the same as Settings), checked by the rule its reader
// applies; a bad value is refused in one line and the file is left as it was. `rozi config undo`
// reverts it.
import { z } from 'zod';
import { settableKey, valueFromText } from '../../../config/keySettings';
import { callServer } from '../../controlClient';
import { CliError, defineVerb, requiredPositional, type VerbContext } from '../../verb';
import { valueText } from './entryArgs';

async function write(ctx: VerbContext, key: string, value: unknown): Promise<number> {
  const r = await callServer(ctx.io.env, 'config.setKey', {
    key,
    value: value as string | number | boolean | string[] | null,
  });
  ctx.print(r, () =>
    !r.changed
      ? `${r.key}: already ${r.value === null ? 'unset' : valueText(r.value)} (nothing written)`
      : `${r.value === null ? `${r.key} unset (the default applies)` : `${r.key} = ${valueText(r.value)}`}; rozi config undo reverts it`,
  );
  return 0;
}

export const configSetVerb = defineVerb({
  path: ['config', 'set'],
  summary: 'set one config.toml key (comments kept; a bad value is refused and nothing is written)',
  help:
    'VALUE is read as the key holds it: true/false, a number, text, or for a list a comma list or ["a", "b"].\n' +
    'rozi config keys lists the keys that can be set, with their types and values.',
  flags: z.object({}),
  positionals: [
    { name: 'key', required: true },
    { name: 'value', required: true },
  ],
  async run(ctx) {
    const key = requiredPositional(ctx.args, 0);
    const text = requiredPositional(ctx.args, 1);
    const k = settableKey(key);
    // Unknown keys and bad values are the server's to refuse too; reading the text needs the type.
    if (typeof k === 'string') throw new CliError('invalid', k);
    const value = valueFromText(k, text);
    if (typeof value === 'string' && k.type !== 'string' && k.type !== 'string-or-list')
      throw new CliError('invalid', value);
    return write(ctx, key, value);
  },
});

export const configUnsetVerb = defineVerb({
  path: ['config', 'unset'],
  summary: 'remove one key from config.toml (its default applies again)',
  flags: z.object({}),
  positionals: [{ name: 'key', required: true }],
  async run(ctx) {
    return write(ctx, requiredPositional(ctx.args, 0), null);
  },
});
