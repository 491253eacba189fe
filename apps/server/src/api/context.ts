// What every procedure receives: the caller (checked in each procedure, see trpc.ts) and the
// server's objects. Its own file so code the middleware calls (remote/routing.ts) can name it
// without importing the tRPC setup that imports it.
import type { SessionManager } from '../session/manager';
import type { ConnectionStats } from '../stream/wsHub';

/** Who is calling: a browser with the session cookie, an HTTP client with the bearer token, or the CLI on the 0600 control socket. */
export type Caller = { ok: true; via: 'cookie' | 'bearer' | 'socket' } | { ok: false; reason: string };

/** Process-level figures for tests and benchmarks (never secrets). */
export interface Diagnostics {
  memory: NodeJS.MemoryUsage;
  connections: ConnectionStats[];
  panes: number;
}

export interface ApiContext {
  manager: SessionManager;
  caller: Caller;
  diagnostics(): Diagnostics;
}
