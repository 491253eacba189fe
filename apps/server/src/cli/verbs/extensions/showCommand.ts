// rozi show-command <id>: shows one of the calling extension's own hidden commands in the palette
// for the rest of its generation. Refused from anything but that extension's processes.
import { z } from 'zod';
import { defineVerb, requiredPositional } from '../../verb';
import { callExtensions } from './extensionCall';

export const showCommandVerb = defineVerb({
  flags: z.object({}),
  path: ['show-command'],
  summary: "show one of your extension's commands in the command palette",
  positionals: [{ name: 'command', required: true }],
  async run(ctx) {
    const r = await callExtensions(ctx.io.env, 'extensions.setCommandVisibility', {
      command: requiredPositional(ctx.args, 0),
      visible: true,
    });
    ctx.print(r, () => '');
    return 0;
  },
});
