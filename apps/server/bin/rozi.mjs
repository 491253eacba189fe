#!/usr/bin/env node
// Entry point of the `rozi` CLI and server. The sources are TypeScript, loaded through tsx's
// module hooks so there is no separate compile step that could go stale.
import { register } from 'tsx/esm/api';

process.env.TURBO_TELEMETRY_DISABLED ??= '1';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
