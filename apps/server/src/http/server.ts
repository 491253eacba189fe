// The one HTTP server: security gate → /trpc (tRPC node adapter) → /ws upgrades (StreamHub) →
// everything else to Next (or a plain page without the web app). Every branch runs the gate
// itself; nothing is reachable around it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import { LIMITS } from '../api/limits';
import { appRouter } from '../api/router';
import type { ApiContext, ServerServices } from '../api/context';
import { PAGE_HEADER } from '../api/followerAccess';
import type { StreamHub } from '../stream/wsHub';
import { TRPC_PATH, WS_PATH } from '../stream/protocol';
import { checkRequest, cookieName, hostAllowed, type GateConfig } from './gate';
import type { NextHandlers } from './nextApp';
import { tokenMatches } from './token';

export interface HttpServerOptions {
  services: ServerServices;
  hub: StreamHub;
  /** Port is filled in once listening (port 0 → the real port). */
  gate: GateConfig;
  next: NextHandlers | null;
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
    maxBodySize: LIMITS.requestBytes,
    createContext: ({ req }): ApiContext => {
      // The gate let the request through; authenticate again here so the procedure's own check
      // does not depend on the gate having run (defence in depth, DESIGN.md).
      const verdict = checkRequest(req, req.method === 'GET' ? 'query' : 'mutation', o.gate);
      const page = req.headers[PAGE_HEADER];
      return {
        ...o.services,
        caller: verdict.ok ? verdict.caller : { ok: false, reason: verdict.reason },
        ...(typeof page === 'string' && page.length <= 64 ? { page } : {}),
      };
    },
  });

  const route = (req: IncomingMessage, res: ServerResponse): void => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    if (!hostAllowed(req, o.gate)) return deny(res, 403, 'forbidden host');
    const url = requestUrl(req);
    if (!url) return deny(res, 400, 'bad request target');

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
  };

  // No handler may throw on request input: a throw here would leave the connection unanswered
  // (web) or end the process (--no-web). Whatever slips through is answered 500 and logged.
  const server = createServer((req, res) => {
    try {
      route(req, res);
    } catch (err) {
      o.log(`request ${req.method ?? '?'} failed: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) deny(res, 500, 'internal error');
      else res.destroy();
    }
  });

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const v = checkRequest(req, 'upgrade', o.gate);
    if (!v.ok) return denyUpgrade(socket, v.status, v.reason);
    const url = requestUrl(req);
    if (!url) return denyUpgrade(socket, 400, 'Bad Request');
    if (url.pathname === WS_PATH)
      return o.hub.accept(req, socket, { head, readOnly: v.caller.readOnly === true });
    // Next's own upgrades (dev HMR) under /_next/ go to Next; nothing else is upgraded.
    if (o.next && url.pathname.startsWith('/_next/')) return void o.next.upgrade(req, socket, head);
    denyUpgrade(socket, 404, 'Not Found');
  };

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    try {
      upgrade(req, socket, head);
    } catch (err) {
      o.log(`upgrade failed: ${err instanceof Error ? err.message : String(err)}`);
      denyUpgrade(socket, 500, 'Internal Server Error');
    }
  });

  return server;
}

/** The request target as a URL, or null when it is none (`GET http://[`). */
function requestUrl(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return null;
  }
}

/**
 * Where the token exchange redirects: this origin's path, with any run of leading slashes or
 * backslashes cut to one (`/.//evil.example/` normalises to `//evil.example/`, which a browser
 * reads as another host: an open redirect carrying a fresh cookie's victim).
 */
function sameOriginLocation(url: URL): string {
  const path = `/${url.pathname.replace(/^[/\\]+/, '')}`;
  return path + (url.searchParams.size ? `?${url.searchParams.toString()}` : '');
}

function exchangeToken(res: ServerResponse, url: URL, gate: GateConfig): void {
  const given = url.searchParams.get('token');
  // A read-only link's token becomes the cookie as it is: that browser stays a viewer.
  const cookie = tokenMatches(given, gate.token)
    ? gate.token
    : tokenMatches(given, gate.viewerToken)
      ? gate.viewerToken
      : null;
  if (cookie === null) return deny(res, 401, 'rozi: that token is not valid for this server');
  url.searchParams.delete('token');
  const location = sameOriginLocation(url);
  res.writeHead(302, {
    Location: location,
    'Set-Cookie': `${cookieName(gate.port)}=${cookie}; HttpOnly; SameSite=Strict; Path=/; Max-Age=2592000`,
    'Cache-Control': 'no-store',
  });
  res.end();
}
