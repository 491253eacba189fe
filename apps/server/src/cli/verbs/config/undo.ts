// rozi config undo: reverts the latest config.toml edit made from Settings or rozi config (byte for
// byte while the file is what it wrote, else by the edit's inverse so later hand edits stay).
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { defineVerb } from '../../verb';

export const configUndoVerb = defineVerb({
  path: ['config', 'undo'],
  summary: 'revert the latest config.toml edit made from Settings or rozi config',
  flags: z.object({}),
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'config.undo', {});
    ctx.print(
      r,
      () => `undone: ${r.label}${r.exact ? '' : ' (the file had changed since; later edits kept)'}`,
    );
    return 0;
  },
});
