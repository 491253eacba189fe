// rozi host serve --stdio: the host end of a remote link, run by the client's ssh (see
// host/serveStdio.ts). Not for people; listed under --advanced.
import { z } from 'zod';
import { flag } from '../../flags';
import { defineVerb } from '../../verb';

export const hostServeVerb = defineVerb({
  path: ['host', 'serve'],
  summary: "serve this machine to another machine's rozi over ssh (run by ssh, not by people)",
  help: "Connects to this user's rozi server here (starting a headless one, which outlives the ssh session) and pipes the host link over stdin/stdout.",
  advanced: true,
  flags: z
    .object({ stdio: flag.boolean({ description: 'speak the link on stdin/stdout (required)' }) })
    .refine((o) => o.stdio === true, { error: 'rozi host serve needs --stdio (it is what ssh runs)' }),
  async run(ctx) {
    const { serveStdio } = await import('../../../host/serveStdio');
    const code = await serveStdio({
      env: ctx.io.env,
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: ctx.io.stderr,
      adoptPid: process.pid,
    });
    // stdin may stay open after the link closed; nothing else is left to do.
    process.exit(code);
  },
});
