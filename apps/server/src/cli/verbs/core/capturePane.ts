// rozi capture-pane [--target PANE] [--scrollback N|full] [--last-output]: the screen as text, or
// JSON with text (rozi's), lines, title, cursor and size; --last-output prints the output of the
// last command that finished instead (shell integration's OSC 133 marks; JSON adds its exit_code).
import { callServer } from '../../controlClient';
import { targetOf, targetOption } from '../../target';
import { CliError, type Verb } from '../../verb';

export const capturePaneVerb: Verb = {
  path: ['capture-pane'],
  response: 'rozi',
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
        throw new CliError('usage', `--last-output prints one command's output; drop --scrollback`);
      scrollback = 'last-output';
    } else if (sb === 'full') scrollback = 'full';
    else if (typeof sb === 'string') {
      if (!/^\d+$/.test(sb))
        throw new CliError('usage', `--scrollback takes a number of lines or 'full', got '${sb}'`);
      scrollback = Number(sb);
    }
    const r = await callServer(ctx.io.env, 'panes.capture', {
      ...targetOf(ctx),
      scrollback,
    });
    const lines = [...r.lines];
    while (lines.length && lines[lines.length - 1] === '') lines.pop();
    const text = lines.join('\n') + '\n';
    // rozi's `text` (trailing blank rows dropped) beside the project's lines, cursor and size.
    ctx.print({ text, ...r }, () => text);
    return 0;
  },
};
