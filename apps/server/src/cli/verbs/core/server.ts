// rozi server: runs the server in the foreground until SIGINT/SIGTERM.
import { DEFAULT_PORT, DEFAULT_SCROLLBACK } from '../../../server/defaults';
import { CliError, type Verb } from '../../verb';

/** Exit code when the server cannot start (port taken, host refused, web app not built). */
export const EXIT_START_FAILED = 4;

export const serverVerb: Verb = {
  path: ['server'],
  summary: 'run the rozi server (web UI, API, control socket) in the foreground',
  help: `Prints http://127.0.0.1:PORT/?token=… on stdout once ready. Default port ${DEFAULT_PORT}.`,
  options: [
    { name: 'port', short: 'p', type: 'number', value: 'N', description: `port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)` },
    { name: 'host', type: 'string', value: 'H', description: 'address to bind (default 127.0.0.1; others need --allow-remote)' },
    { name: 'allow-remote', type: 'boolean', description: 'allow a non-loopback --host (exposes your shell to that network)' },
    { name: 'dev', type: 'boolean', description: 'serve the web app through Next.js dev mode (hot reload)' },
    { name: 'no-web', type: 'boolean', description: 'serve no web UI: API, WebSocket and control socket only (tests, headless)' },
    { name: 'scrollback', type: 'number', value: 'N', description: `lines of scrollback kept per pane (default ${DEFAULT_SCROLLBACK})` },
  ],
  async run(ctx) {
    const o = ctx.args.options;
    const port = o.port === undefined ? DEFAULT_PORT : Number(o.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError('usage', `--port must be 0–65535, got ${port}`, 2);
    // Loaded on demand: every other verb is a thin client and must start fast.
    const { runServer, ServerStartError } = await import('../../../server/start');
    try {
      const code = await runServer({
        port,
        host: typeof o.host === 'string' ? o.host : '127.0.0.1',
        allowRemote: o['allow-remote'] === true,
        dev: o.dev === true,
        web: o['no-web'] !== true,
        scrollback: typeof o.scrollback === 'number' ? Math.max(0, Math.floor(o.scrollback)) : DEFAULT_SCROLLBACK,
        env: ctx.io.env,
        announce: (url) => ctx.io.stdout.write(url + '\n'),
        log: (line) => ctx.io.stderr.write(`rozi: ${line}\n`),
      });
      // Next and node-pty may hold handles that outlive a clean shutdown; the server is done.
      process.exit(code);
    } catch (err) {
      if (err instanceof ServerStartError) throw new CliError(err.code, err.message, EXIT_START_FAILED);
      throw err;
    }
  },
};
