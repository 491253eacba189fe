// rozi server: runs the server in the foreground until SIGINT/SIGTERM. stdout carries only the
// startup block that ends with the URL (people read it, scripts parse it); every log line,
// Next.js's own included, goes to stderr.
import { Console } from 'node:console';
import { z } from 'zod';
import { DEFAULT_PORT, DEFAULT_SCROLLBACK } from '../../../server/defaults';
import { flag } from '../../flags';
import { CliError, defineVerb } from '../../verb';

const PORT_RANGE = 'an integer 0–65535';
const portNumber = z
  .number()
  .int({ error: PORT_RANGE })
  .min(0, { error: PORT_RANGE })
  .max(65535, { error: PORT_RANGE });

export const serverVerb = defineVerb({
  path: ['server'],
  summary: 'run the rozi server (web UI, API, control socket) in the foreground',
  help: `Once ready, prints where its files are and then http://127.0.0.1:PORT/?token=… as the last line of stdout (logs go to stderr). Default port ${DEFAULT_PORT}; ROZI_PORT sets another default.`,
  flags: z.object({
    port: flag.number(
      {
        short: 'p',
        value: 'N',
        description: `port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)`,
      },
      portNumber.optional(),
    ),
    host: flag.string({
      value: 'H',
      description: 'address to bind (default 127.0.0.1; others need --allow-remote)',
    }),
    'allow-remote': flag.boolean({
      description: 'allow a non-loopback --host (exposes your shell to that network)',
    }),
    dev: flag.boolean({ description: 'serve the web app through Next.js dev mode (hot reload)' }),
    'no-web': flag.boolean({
      description: 'serve no web UI: API, WebSocket and control socket only (tests, headless)',
    }),
    headless: flag.boolean({
      description:
        "a host endpoint for other machines' rozi (ssh): no HTTP port at all, the control socket only",
    }),
    scrollback: flag.number(
      { value: 'N', description: `lines of scrollback kept per pane (default ${DEFAULT_SCROLLBACK})` },
      z
        .number()
        .transform((n) => Math.max(0, Math.floor(n)))
        .default(DEFAULT_SCROLLBACK),
    ),
  }),
  async run(ctx) {
    const o = ctx.opts;
    // --port wins; ROZI_PORT sets the default (handy under `npm start`), checked the same way.
    const envPort = ctx.io.env.ROZI_PORT;
    let port = o.port ?? DEFAULT_PORT;
    if (o.port === undefined && envPort) {
      const r = portNumber.safeParse(Number(envPort));
      if (!r.success) throw new CliError('usage', `ROZI_PORT must be ${PORT_RANGE}, got '${envPort}'`);
      port = r.data;
    }
    // Next logs through the global console ("✓ Running next.config.ts …"): send all of it to
    // stderr, so nothing lands between or after the lines a script parses on stdout.
    globalThis.console = new Console({ stdout: ctx.io.stderr, stderr: ctx.io.stderr });
    // Loaded on demand: every other verb is a thin client and must start fast.
    const { runServer, ServerStartError } = await import('../../../server/start');
    const { formatStartupBlock } = await import('../../../server/startupBlock');
    try {
      const code = await runServer({
        port,
        host: o.host ?? '127.0.0.1',
        allowRemote: o['allow-remote'] === true,
        dev: o.dev === true,
        web: o['no-web'] !== true,
        headless: o.headless === true,
        scrollback: o.scrollback,
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
});
