#!/usr/bin/env node
// Entry point of the `rozi` CLI and server. Runs the bundle in dist/ (built by `npm run build`,
// scripts/bundle.mjs) when it is current, else the TypeScript sources through tsx's module hooks,
// so an edit is never shadowed by a stale build (bin/bundled.mjs decides).
import { bundledEntry } from './bundled.mjs';

process.env.TURBO_TELEMETRY_DISABLED ??= '1';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

async function load(entry, source) {
  const url = bundledEntry(entry);
  if (url) return import(url);
  const { register } = await import('tsx/esm/api');
  register();
  return import(source);
}

const args = process.argv.slice(2);
if (args.length === 3 && args[0] === 'host' && args[1] === 'serve' && args[2] === '--stdio') {
  // What a client's ssh runs on every (re)connect: load only the link proxy, not the whole CLI
  // (3.7 s instead of 9 s to the hello on a loaded 2-core box). `rozi host serve` (verbs/remote).
  const { serveStdio } = await load('serveStdio', '../src/host/serveStdio.ts');
  const io = {
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    // fds 0 and 1 are ssh's pipes: the host server may take them over (host/stdioAdoption.ts).
    adoptPid: process.pid,
  };
  process.exit(await serveStdio(io));
}
const { main } = await load('cli', '../src/cli/main.ts');
process.exitCode = await main(args);
