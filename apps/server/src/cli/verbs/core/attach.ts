// rozi attach NAME [--read-only] (rozi's sessions.md): attach-only, an error unless NAME is
// running. A browser is the client here, so attach prints the address to open: with --read-only,
// a read-only link the owner can hand out (its holder watches every pane but can never type,
// take control or change anything; the server enforces it), else the session's page address.
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { flag } from '../../flags';
import { defineVerb, requiredPositional } from '../../verb';

export const attachVerb = defineVerb({
  path: ['attach'],
  summary: 'print the address of a running session (--read-only: a link that can watch but never type)',
  response: 'rozi',
  flags: z.object({ 'read-only': flag.boolean({ description: 'a read-only viewer link' }) }),
  positionals: [{ name: 'name', required: true }],
  async run(ctx) {
    const name = requiredPositional(ctx.args, 0);
    if (ctx.opts['read-only'] === true) {
      const r = await callServer(ctx.io.env, 'sessions.readOnlyLink', { session: name });
      ctx.print(r, () => r.url);
      return 0;
    }
    const r = await callServer(ctx.io.env, 'sessions.readOnlyLink', { session: name });
    const url = new URL(r.url);
    url.searchParams.delete('token');
    const out = { session: r.session, url: url.toString(), readOnly: false };
    ctx.print(out, () => out.url);
    return 0;
  },
});
