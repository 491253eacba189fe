// Loads the Next.js app (apps/web) as a request handler inside our own HTTP server. The tRPC
// handler and the WebSocket stay in the custom server (Next bundles its own copy of modules, so
// server state must not live in Next's bundle — DESIGN.md known traps).
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { RoziError } from '../session/errors';

export interface NextHandlers {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void>;
  close(): Promise<void>;
}

export async function loadNext(o: {
  dir: string;
  dev: boolean;
  hostname: string;
  port: number;
}): Promise<NextHandlers> {
  if (!o.dev && !existsSync(join(o.dir, '.next', 'BUILD_ID'))) {
    throw new RoziError(
      'invalid',
      `the web app is not built (${join(o.dir, '.next')} is missing): run \`npm run build\` first, or start with --dev`,
    );
  }
  // A computed specifier keeps Next's global type augmentations (e.g. a required
  // ProcessEnv.NODE_ENV) out of the server's typecheck; we only need its runtime API.
  const specifier = 'next';
  const mod = (await import(specifier)) as { default: unknown };
  // `next` is CommonJS: under native ESM its function may sit one `default` deeper.
  const nextFn = (
    typeof mod.default === 'function' ? mod.default : (mod.default as { default: unknown }).default
  ) as (opts: object) => {
    prepare(): Promise<void>;
    getRequestHandler(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    getUpgradeHandler(): (req: IncomingMessage, socket: Duplex, head: Buffer) => Promise<void>;
    close?(): Promise<void>;
  };
  const app = nextFn({ dev: o.dev, dir: o.dir, hostname: o.hostname, port: o.port, customServer: true });
  await app.prepare();
  const handle = app.getRequestHandler();
  const upgrade = app.getUpgradeHandler();
  return {
    handle: (req, res) => handle(req, res),
    upgrade: (req, socket, head) => upgrade(req, socket, head),
    close: async () => {
      await app.close?.();
    },
  };
}
