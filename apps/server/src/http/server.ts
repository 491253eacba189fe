// The one HTTP server: security gate → /trpc (tRPC node adapter) → /ws upgrades (StreamHub) →
// everything else to Next (or a plain page without the web app). Every branch runs the gate
// itself; nothing is reachable around it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import { appRouter } from '../api/router';
import type { ApiContext, Diagnostics } from '../api/trpc';
import type { SessionManager } from '../session/manager';
import type { StreamHub } from '../stream/wsHub';
import { TRPC_PATH, WS_PATH } from '../stream/protocol';
import { checkRequest, cookieName, hostAllowed, type GateConfig } from './gate';
import type { NextHandlers } from './nextApp';
import { tokenMatches } from './token';

export interface HttpServerOptions {
  manager: SessionManager;
  hub: StreamHub;
  /** Port is filled in once listening (port 0 → the real port). */
  gate: GateConfig;
  next: NextHandlers | null;
  diagnostics(): Diagnostics;
  log(line: string): void;
}

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

function deny(res: ServerResponse, status: number, reason: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
  res.end(`${reason}\n`);
}

function denyUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function createHttpServer(o: HttpServerOptions): Server {
  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: `${TRPC_PATH}/`,
    createContext: ({ req }): ApiContext => {
      // The gate let the request through; authenticate again here so the procedure's own check
      // does not depend on the gate having run (defence in depth, DESIGN.md).
      const verdict = checkRequest(req, req.method === 'GET' ? 'query' : 'mutation', o.gate);
      return {
        manager: o.manager,
        diagnostics: o.diagnostics,
        caller: verdict.ok ? verdict.caller : { ok: false, reason: verdict.reason },
      };
    },
  });

  const server = createServer((req, res) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!hostAllowed(req, o.gate)) return deny(res, 403, 'forbidden host');

    if (url.pathname === TRPC_PATH || url.pathname.startsWith(`${TRPC_PATH}/`)) {
      if (req.method !== 'GET' && req.method !== 'POST') return deny(res, 405, 'method not allowed');
      const v = checkRequest(req, req.method === 'GET' ? 'query' : 'mutation', o.gate);
      if (!v.ok) return deny(res, v.status, v.reason);
      return void trpc(req, res);
    }

    if (req.method === 'GET' && url.searchParams.has('token')) return exchangeToken(res, url, o.gate);

    const v = checkRequest(req, req.method === 'GET' || req.method === 'HEAD' ? 'page' : 'mutation', o.gate);
    if (!v.ok) {
      if (v.status === 401)
        return deny(
          res,
          401,
          'rozi: not signed in. Open the URL printed by `rozi server` (it carries ?token=…).',
        );
      return deny(res, v.status, v.reason);
    }
    if (!o.next) return deny(res, 404, 'rozi: the web UI is disabled on this server (--no-web)');
    o.next.handle(req, res).catch((err: unknown) => {
      o.log(`next handler failed: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) deny(res, 500, 'internal error');
    });
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    const v = checkRequest(req, 'upgrade', o.gate);
    if (!v.ok) return denyUpgrade(socket, v.status, v.reason);
    if (url.pathname === WS_PATH) return o.hub.accept(req, socket, head);
    // Next's own upgrades (dev HMR) under /_next/ go to Next; nothing else is upgraded.
    if (o.next && url.pathname.startsWith('/_next/')) return void o.next.upgrade(req, socket, head);
    denyUpgrade(socket, 404, 'Not Found');
  });

  return server;
}

function exchangeToken(res: ServerResponse, url: URL, gate: GateConfig): void {
  if (!tokenMatches(url.searchParams.get('token'), gate.token))
    return deny(res, 401, 'rozi: that token is not valid for this server');
  url.searchParams.delete('token');
  const location = url.pathname + (url.searchParams.size ? `?${url.searchParams.toString()}` : '');
  res.writeHead(302, {
    Location: location,
    'Set-Cookie': `${cookieName(gate.port)}=${gate.token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=2592000`,
    'Cache-Control': 'no-store',
  });
  res.end();
}
