// rozi config set KEY VALUE / rozi config unset KEY: one key of config.toml written through the
// server's one locked, comment-keeping edit (the same as Settings), checked by the rule its reader
// applies; a bad value is refused in one line and the file is left as it was. `rozi config undo`
// reverts it.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { CliError, defineVerb, requiredPositional, type VerbContext } from '../../verb';
import { valueText } from './entryArgs';

async function write(
  ctx: VerbContext,
  input: { key: string; text: string } | { key: string; value: null },
): Promise<number> {
  const r = await callServer(ctx.io.env, 'config.setKey', input);
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
    const text = requiredPositional(ctx.args, 1);
    if (text.trim() === '')
      throw new CliError('usage', 'VALUE is empty; rozi config unset KEY removes a key');
    // The server reads the word by the key's type, as it does a Settings field.
    return write(ctx, { key: requiredPositional(ctx.args, 0), text });
  },
});

export const configUnsetVerb = defineVerb({
  path: ['config', 'unset'],
  summary: 'remove one key from config.toml (its default applies again)',
  flags: z.object({}),
  positionals: [{ name: 'key', required: true }],
  async run(ctx) {
    return write(ctx, { key: requiredPositional(ctx.args, 0), value: null });
  },
});
