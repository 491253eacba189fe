// rozi server: runs the server in the foreground until SIGINT/SIGTERM. stdout carries only the
// startup block that ends with the URL (people read it, scripts parse it); every log line,
// Next.js's own included, goes to stderr.
import { Console } from 'node:console';
import { DEFAULT_PORT, DEFAULT_SCROLLBACK } from '../../../server/defaults';
import { CliError, type Verb } from '../../verb';

export const serverVerb: Verb = {
  path: ['server'],
  summary: 'run the rozi server (web UI, API, control socket) in the foreground',
  help: `Once ready, prints where its files are and then http://127.0.0.1:PORT/?token=… as the last line of stdout (logs go to stderr). Default port ${DEFAULT_PORT}; ROZI_PORT sets another default.`,
  options: [
    {
      name: 'port',
      short: 'p',
      type: 'number',
      value: 'N',
      description: `port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)`,
    },
    {
      name: 'host',
      type: 'string',
      value: 'H',
      description: 'address to bind (default 127.0.0.1; others need --allow-remote)',
    },
    {
      name: 'allow-remote',
      type: 'boolean',
      description: 'allow a non-loopback --host (exposes your shell to that network)',
    },
    { name: 'dev', type: 'boolean', description: 'serve the web app through Next.js dev mode (hot reload)' },
    {
      name: 'no-web',
      type: 'boolean',
      description: 'serve no web UI: API, WebSocket and control socket only (tests, headless)',
    },
    {
      name: 'headless',
      type: 'boolean',
      description:
        "a host endpoint for other machines' rozi (ssh): no HTTP port at all, the control socket only",
    },
    {
      name: 'scrollback',
      type: 'number',
      value: 'N',
      description: `lines of scrollback kept per pane (default ${DEFAULT_SCROLLBACK})`,
    },
  ],
  async run(ctx) {
    const o = ctx.args.options;
    // --port wins; ROZI_PORT sets the default (handy under `npm start`).
    const envPort = ctx.io.env.ROZI_PORT;
    const port = o.port !== undefined ? Number(o.port) : envPort ? Number(envPort) : DEFAULT_PORT;
    const from = o.port !== undefined ? '--port' : envPort ? 'ROZI_PORT' : 'the default port';
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new CliError('usage', `${from} must be an integer 0–65535, got '${o.port ?? envPort}'`);
    // Next logs through the global console ("✓ Running next.config.ts …"): send all of it to
    // stderr, so nothing lands between or after the lines a script parses on stdout.
    globalThis.console = new Console({ stdout: ctx.io.stderr, stderr: ctx.io.stderr });
    // Loaded on demand: every other verb is a thin client and must start fast.
    const { runServer, ServerStartError } = await import('../../../server/start');
    const { formatStartupBlock } = await import('../../../server/startupBlock');
    try {
      const code = await runServer({
        port,
        host: typeof o.host === 'string' ? o.host : '127.0.0.1',
        allowRemote: o['allow-remote'] === true,
        dev: o.dev === true,
        web: o['no-web'] !== true,
        headless: o.headless === true,
        scrollback:
          typeof o.scrollback === 'number' ? Math.max(0, Math.floor(o.scrollback)) : DEFAULT_SCROLLBACK,
        env: ctx.io.env,
        announce: (info) => ctx.io.stdout.write(formatStartupBlock(info)),
        log: (line) => ctx.io.stderr.write(`rozi: ${line}\n`),
      });
      // Next and node-pty may hold handles that outlive a clean shutdown; the server is done.
      process.exit(code);
    } catch (err) {
      if (err instanceof ServerStartError) throw new CliError(err.code, err.message);
      throw err;
    }
  },
};
