// rozi prompt --title T [--placeholder P] [--default D]: asks for one line of text in the browser;
// prints it (exit 0), exit 1 on cancel, 2 on a transport failure.
import { z } from 'zod';
import { flag } from '../../flags';
import { defineVerb } from '../../verb';
import { EXIT_PICK_CANCELLED, runPicker } from './pickerSession';

export const promptVerb = defineVerb({
  path: ['prompt'],
  summary: 'ask the user for one line of text in the browser',
  flags: z.object({
    title: flag.string({ value: 'TITLE', description: 'the question' }),
    placeholder: flag.string({ value: 'TEXT', description: 'placeholder of the input' }),
    default: flag.string({ value: 'TEXT', description: 'prefilled answer' }),
  }),
  async run(ctx) {
    const o = ctx.opts;
    let exit: number = EXIT_PICK_CANCELLED;
    await runPicker(
      ctx.io.env,
      {
        mode: 'prompt',
        title: o.title ?? null,
        placeholder: o.placeholder ?? null,
        default: o.default ?? null,
      },
      (item) => {
        if (item.type === 'result' && item.result.kind === 'input') {
          ctx.io.stdout.write(`${item.result.text}\n`);
          exit = 0;
        }
      },
    );
    return exit;
  },
});
