// rozi host serve --stdio: the host end of a remote link, run by the client's ssh (see
// host/serveStdio.ts). Not for people; listed under --advanced.
import { CliError, type Verb } from '../../verb';

export const hostServeVerb: Verb = {
  path: ['host', 'serve'],
  summary: "serve this machine to another machine's rozi over ssh (run by ssh, not by people)",
  help: "Connects to this user's rozi server here (starting a headless one, which outlives the ssh session) and pipes the host link over stdin/stdout.",
  advanced: true,
  options: [{ name: 'stdio', type: 'boolean', description: 'speak the link on stdin/stdout (required)' }],
  async run(ctx) {
    if (ctx.args.options.stdio !== true)
      throw new CliError('usage', 'rozi host serve needs --stdio (it is what ssh runs)');
    const { serveStdio } = await import('../../../host/serveStdio');
    const code = await serveStdio({
      env: ctx.io.env,
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: ctx.io.stderr,
    });
    // stdin may stay open after the link closed; nothing else is left to do.
    process.exit(code);
  },
};
