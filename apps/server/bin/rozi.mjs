#!/usr/bin/env node
// Entry point of the `rozi` CLI and server. The sources are TypeScript, loaded through tsx's
// module hooks so there is no separate compile step that could go stale.
import { register } from 'tsx/esm/api';

process.env.TURBO_TELEMETRY_DISABLED ??= '1';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
register();
const args = process.argv.slice(2);
if (args.length === 3 && args[0] === 'host' && args[1] === 'serve' && args[2] === '--stdio') {
  // What a client's ssh runs on every (re)connect: load only the link proxy, not the whole CLI
  // (3.7 s instead of 9 s to the hello on a loaded 2-core box). `rozi host serve` (verbs/remote).
  const { serveStdio } = await import('../src/host/serveStdio.ts');
  const io = { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  process.exit(await serveStdio(io));
}
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(args);
