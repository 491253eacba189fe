// rozi send-text [--target PANE] TEXT…  (or the text on stdin): types text into a pane as is.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { flag } from '../../flags';
import { targetFlags, targetOf } from '../../target';
import { paneInputRefusal } from '../../../api/limits';
import { CliError, defineVerb } from '../../verb';

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export const sendTextVerb = defineVerb({
  path: ['send-text'],
  response: 'rozi',
  summary: 'send text to a pane as typed (no key names; reads stdin without TEXT)',
  flags: z.object({ ...targetFlags, enter: flag.boolean({ description: 'press Enter after the text' }) }),
  positionals: [{ name: 'text', variadic: true }],
  restAfterDashDash: true,
  async run(ctx) {
    let text = ctx.args.positionals.length ? ctx.args.positionals.join(' ') : await readAll(ctx.io.stdin);
    if (ctx.opts.enter === true) text += '\r';
    // Refused here, before a byte is sent, with the limit the server would apply (api/limits.ts).
    const tooLarge = paneInputRefusal(text);
    if (tooLarge) throw new CliError('too-large', `send-text: ${tooLarge}`);
    const r = await callServer(ctx.io.env, 'panes.sendText', {
      ...targetOf(ctx),
      text,
    });
    ctx.print(r, () => '');
    return 0;
  },
});
