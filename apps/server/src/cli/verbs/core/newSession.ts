// rozi new-session [--name NAME] [--folder DIR] [--remote HOST] [COMMAND…] [--argv PROGRAM ARG…]
import { resolve } from 'node:path';
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { flag } from '../../flags';
import { launchFlags, launchOf } from '../../launchArgs';
import { remoteOf } from '../../target';
import { defineVerb } from '../../verb';

export const newSessionVerb = defineVerb({
  path: ['new-session'],
  response: 'rozi',
  summary: 'create a session with one pane',
  flags: z.object({
    name: flag.string({
      short: 'n',
      value: 'NAME',
      description: 'session name (default: main, else the next free number)',
    }),
    folder: flag.string({ value: 'DIR', description: 'folder new panes of the session start in' }),
    ...launchFlags,
  }),
  positionals: [{ name: 'command', variadic: true }],
  takesArgv: true,
  async run(ctx) {
    const o = ctx.opts;
    const r = await callServer(ctx.io.env, 'sessions.create', {
      name: o.name,
      // A remote session's folder is a path on that host: taken as given.
      folder: o.folder === undefined || remoteOf(ctx) ? o.folder : resolve(ctx.io.cwd, o.folder),
      host: remoteOf(ctx),
      ...launchOf(ctx),
    });
    ctx.print(r, () => `session ${r.session}, pane ${r.pane.id}${r.pty_ready ? '' : ' (pty not ready yet)'}`);
    return 0;
  },
});
