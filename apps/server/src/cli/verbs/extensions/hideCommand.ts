// rozi hide-command <id>: hides one of the calling extension's own hidden commands in the palette
// for the rest of its generation. Refused from anything but that extension's processes.
import { z } from 'zod';
import { defineVerb, requiredPositional } from '../../verb';
import { callExtensions } from './extensionCall';

export const hideCommandVerb = defineVerb({
  flags: z.object({}),
  path: ['hide-command'],
  summary: "hide one of your extension's commands in the command palette",
  positionals: [{ name: 'command', required: true }],
  async run(ctx) {
    const r = await callExtensions(ctx.io.env, 'extensions.setCommandVisibility', {
      command: requiredPositional(ctx.args, 0),
      visible: false,
    });
    ctx.print(r, () => '');
    return 0;
  },
});
