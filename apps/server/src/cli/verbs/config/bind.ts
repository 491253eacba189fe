// rozi config bind ACTION KEY… / rozi config bindings: the keybinding editor's two calls from the
// command line (keys.save, keys.list). A binding is written into config.toml's [keys] with the
// user's comments kept, checked by the one key grammar (@rozi/keymap), and every open page's
// keymap follows at once (keymap-changed), as when the editor saves.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { flag } from '../../flags';
import { CliError, defineVerb, requiredPositional } from '../../verb';

export const configBindVerb = defineVerb({
  path: ['config', 'bind'],
  summary: 'bind an action to keys in config.toml [keys] (--reset: back to its default, --none: unbound)',
  help:
    'KEY is a key sequence as [keys] writes it: "ctrl-a x", "alt-enter", or a bare key that follows\n' +
    '[input] ("b" binds <prefix> b and <modifier>-b). Several KEYs bind them all.\n' +
    'rozi config bindings lists every action with its keys and where they come from.',
  flags: z.object({
    reset: flag.boolean({ description: "remove the action's [keys] entry: its default keys apply" }),
    none: flag.boolean({ description: 'bind the action to no key at all' }),
  }),
  positionals: [
    { name: 'action', required: true },
    { name: 'key', variadic: true },
  ],
  async run(ctx) {
    const action = requiredPositional(ctx.args, 0);
    const keys = ctx.args.positionals.slice(1);
    const { reset, none } = ctx.opts;
    if ((reset ? 1 : 0) + (none ? 1 : 0) + (keys.length > 0 ? 1 : 0) !== 1)
      throw new CliError('usage', 'give KEYs, or --reset, or --none (one of them)');
    const known = await callServer(ctx.io.env, 'keys.list', {});
    if (!known.actions.some((a) => a.id === action))
      throw new CliError('not-found', `no action "${action}"; rozi config bindings lists them`);
    const r = await callServer(ctx.io.env, 'keys.save', { action, keys: reset ? null : none ? [] : keys });
    ctx.print(r, () =>
      r.keys === null
        ? `${r.action}: back to its default keys`
        : r.keys.length === 0
          ? `${r.action}: unbound`
          : `${r.action} = ${r.keys.join(', ')}`,
    );
    return 0;
  },
});

export const configBindingsVerb = defineVerb({
  path: ['config', 'bindings'],
  summary: 'list every action with its keys and where each comes from (user, default, extension)',
  flags: z.object({}),
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'keys.list', {});
    ctx.print(r.actions, () =>
      r.actions
        .map((a) => {
          const keys = a.keys.map(
            (k) => `${k.key} (${k.source}${k.state === 'active' ? '' : `, ${k.state}`})`,
          );
          return `${a.id.padEnd(28)} ${keys.length ? keys.join(', ') : '(unbound)'}`;
        })
        .join('\n'),
    );
    return 0;
  },
});
