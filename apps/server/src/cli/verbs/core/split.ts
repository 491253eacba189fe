// rozi split [--target PANE] [--direction right|down|left|up] [--focus] [COMMAND…] [--argv PROGRAM ARG…]
// Answers once the new PTY is ready, or after 5 s with pty_ready: false.
import { callServer } from '../../controlClient';
import { launchOf, launchOptions } from '../../launchArgs';
import { targetOf, targetOption } from '../../target';
import { CliError, type Verb } from '../../verb';

const DIRECTIONS: Record<string, { direction: 'row' | 'column'; before: boolean }> = {
  right: { direction: 'row', before: false },
  left: { direction: 'row', before: true },
  down: { direction: 'column', before: false },
  up: { direction: 'column', before: true },
};

export const splitVerb: Verb = {
  path: ['split'],
  response: 'rozi',
  summary: 'split a pane and start a shell, COMMAND or --argv program in the new half',
  options: [
    targetOption,
    {
      name: 'direction',
      short: 'd',
      type: 'string',
      value: 'right|down|left|up',
      description: 'where the new pane goes (default right)',
    },
    { name: 'focus', type: 'boolean', description: 'focus the new pane' },
    ...launchOptions,
  ],
  positionals: [{ name: 'command', variadic: true }],
  takesArgv: true,
  async run(ctx) {
    const d = typeof ctx.args.options.direction === 'string' ? ctx.args.options.direction : 'right';
    const dir = DIRECTIONS[d];
    if (!dir) throw new CliError('usage', `--direction must be right, down, left or up, got '${d}'`);
    const r = await callServer(ctx.io.env, 'panes.split', {
      ...targetOf(ctx),
      ...dir,
      focus: ctx.args.options.focus === true,
      ...launchOf(ctx),
    });
    ctx.print(
      { ...r.pane, accepted: true, pty_ready: r.pty_ready },
      () => `pane ${r.pane.id}${r.pty_ready ? '' : ' (pty not ready after 5 s)'}`,
    );
    return 0;
  },
};
