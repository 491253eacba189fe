// rozi capture-pane [--target PANE] [--scrollback N|full] [--last-output]: the screen as text, or
// JSON with lines, title, cursor and size; --last-output prints the output of the last command that
// finished instead (shell integration's OSC 133 marks; JSON adds its exit_code).
import { callServer } from '../../controlClient';
import { targetOf, targetOption } from '../../target';
import { CliError, type Verb } from '../../verb';
import type { PaneCapture } from '../../../session/capture';

export const capturePaneVerb: Verb = {
  path: ['capture-pane'],
  summary: "print a pane's screen (and scrollback)",
  options: [
    targetOption,
    {
      name: 'scrollback',
      short: 'S',
      type: 'string',
      value: 'N|full',
      description: 'also print N lines of scrollback above the screen, or all of it',
    },
    {
      name: 'last-output',
      type: 'boolean',
      description: 'print the output of the last finished command instead (needs shell integration)',
    },
  ],
  async run(ctx) {
    const sb = ctx.args.options.scrollback;
    let scrollback: number | 'full' | 'last-output' | undefined;
    if (ctx.args.options['last-output'] === true) {
      if (sb !== undefined)
        throw new CliError('usage', `--last-output prints one command's output; drop --scrollback`, 2);
      scrollback = 'last-output';
    } else if (sb === 'full') scrollback = 'full';
    else if (typeof sb === 'string') {
      if (!/^\d+$/.test(sb))
        throw new CliError('usage', `--scrollback takes a number of lines or 'full', got '${sb}'`, 2);
      scrollback = Number(sb);
    }
    const r = await callServer<PaneCapture & { id: number; session: string }>(ctx.io.env, 'panes.capture', {
      ...targetOf(ctx),
      scrollback,
    });
    ctx.print(r, () => {
      const lines = [...r.lines];
      while (lines.length && lines[lines.length - 1] === '') lines.pop();
      return lines.join('\n') + '\n';
    });
    return 0;
  },
};
