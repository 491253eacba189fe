// rozi split [--target PANE] [--direction right|down|left|up] [--focus] [COMMAND…] [--argv PROGRAM ARG…]
// Answers once the new PTY is ready, or after 5 s with pty_ready: false.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { flag } from '../../flags';
import { launchFlags, launchOf } from '../../launchArgs';
import { targetFlags, targetOf } from '../../target';
import { defineVerb } from '../../verb';

const DIRECTIONS = {
  right: { direction: 'row', before: false },
  left: { direction: 'row', before: true },
  down: { direction: 'column', before: false },
  up: { direction: 'column', before: true },
} as const;

export const splitVerb = defineVerb({
  path: ['split'],
  response: 'rozi',
  summary: 'split a pane and start a shell, COMMAND or --argv program in the new half',
  flags: z.object({
    ...targetFlags,
    direction: flag.string(
      { short: 'd', value: 'right|down|left|up', description: 'where the new pane goes (default right)' },
      z.enum(['right', 'down', 'left', 'up']).default('right'),
    ),
    focus: flag.boolean({ description: 'focus the new pane' }),
    ...launchFlags,
  }),
  positionals: [{ name: 'command', variadic: true }],
  takesArgv: true,
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'panes.split', {
      ...targetOf(ctx),
      ...DIRECTIONS[ctx.opts.direction],
      focus: ctx.opts.focus === true,
      ...launchOf(ctx),
    });
    ctx.print(
      { ...r.pane, accepted: true, pty_ready: r.pty_ready },
      () => `pane ${r.pane.id}${r.pty_ready ? '' : ' (pty not ready after 5 s)'}`,
    );
    return 0;
  },
});
