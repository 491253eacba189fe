// rozi capture-pane [--target PANE] [--scrollback N|full] [--last-output]: the screen as text, or
// JSON with text (rozi's), lines, title, cursor and size; --last-output prints the output of the
// last command that finished instead (shell integration's OSC 133 marks; JSON adds its exit_code).
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { flag } from '../../flags';
import { targetFlags, targetOf } from '../../target';
import { defineVerb } from '../../verb';

/** `--scrollback N|full`: the procedure's own scrollback values, as typed. */
const scrollbackWord = z
  .string()
  .regex(/^(\d+|full)$/, { error: "a number of lines or 'full'" })
  .transform((v) => (v === 'full' ? ('full' as const) : Number(v)));

export const capturePaneVerb = defineVerb({
  path: ['capture-pane'],
  response: 'rozi',
  summary: "print a pane's screen (and scrollback)",
  flags: z
    .object({
      ...targetFlags,
      scrollback: flag.string(
        {
          short: 'S',
          value: 'N|full',
          description: 'also print N lines of scrollback above the screen, or all of it',
        },
        scrollbackWord.optional(),
      ),
      'last-output': flag.boolean({
        description: 'print the output of the last finished command instead (needs shell integration)',
      }),
    })
    .refine((o) => !(o['last-output'] && o.scrollback !== undefined), {
      error: "--last-output prints one command's output; drop --scrollback",
    }),
  async run(ctx) {
    const scrollback = ctx.opts['last-output'] ? 'last-output' : ctx.opts.scrollback;
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
});
