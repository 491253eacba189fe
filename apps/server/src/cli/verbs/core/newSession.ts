// rozi new-session [--name NAME] [--folder DIR] [--remote HOST] [COMMAND…] [--argv PROGRAM ARG…]
import { resolve } from 'node:path';
import { callServer } from '../../controlClient';
import { launchOf, launchOptions } from '../../launchArgs';
import { remoteOf } from '../../target';
import type { Verb } from '../../verb';

export const newSessionVerb: Verb = {
  path: ['new-session'],
  response: 'rozi',
  summary: 'create a session with one pane',
  options: [
    {
      name: 'name',
      short: 'n',
      type: 'string',
      value: 'NAME',
      description: 'session name (default: main, else the next free number)',
    },
    { name: 'folder', type: 'string', value: 'DIR', description: 'folder new panes of the session start in' },
    ...launchOptions,
  ],
  positionals: [{ name: 'command', variadic: true }],
  takesArgv: true,
  async run(ctx) {
    const o = ctx.args.options;
    const r = await callServer(ctx.io.env, 'sessions.create', {
      name: typeof o.name === 'string' ? o.name : undefined,
      // A remote session's folder is a path on that host: taken as given.
      folder:
        typeof o.folder === 'string' ? (remoteOf(ctx) ? o.folder : resolve(ctx.io.cwd, o.folder)) : undefined,
      host: remoteOf(ctx),
      ...launchOf(ctx),
    });
    ctx.print(r, () => `session ${r.session}, pane ${r.pane.id}${r.pty_ready ? '' : ' (pty not ready yet)'}`);
    return 0;
  },
};
