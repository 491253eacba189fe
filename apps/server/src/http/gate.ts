// The security gate every HTTP request and WebSocket upgrade passes first (DESIGN.md security
// model). Each rule names the attack it stops:
//  * Host allow-list (127.0.0.1:port, localhost:port, [::1]:port) — DNS rebinding: a page on
//    attacker.example whose name re-resolves to 127.0.0.1 still sends Host: attacker.example.
//  * Origin must be the server's own on upgrades and mutations — cross-site WebSocket hijacking
//    and CSRF. A missing or `null` Origin only passes with the token in an Authorization header,
//    which no cross-site page can know.
//  * Mutations need content-type application/json — HTML forms and no-preflight fetches can only
//    send form-encoded or text/plain bodies.
//  * A read-only link carries the viewer token (viewerTokenOf: an HMAC of the token, so it can
//    be handed out without the token, and changes with it): its caller is `readOnly`, which every
//    procedure but a short list of display queries refuses (api/readOnlyAccess.ts) and whose
//    keystrokes and sizes the /ws hub never passes to a pane (stream/wsHub.ts).
//  * The token from `?token=` becomes an HttpOnly SameSite=Strict cookie and leaves the URL by
//    redirect, so it does not stay in history, Referer headers or screenshots.
// No CORS headers are ever sent. Procedures check the caller again (api/trpc.ts).
import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Caller } from '../api/trpc';
import { tokenMatches } from './token';

export interface GateConfig {
  port: number;
  token: string;
  /** The read-only viewer token (viewerTokenOf(token)). */
  viewerToken: string;
  /** --allow-remote: any Host is accepted, but Origin must still match the Host (same origin) and the token is still required. */
  allowRemote: boolean;
}

export type Verdict =
  { ok: true; caller: Extract<Caller, { ok: true }> } | { ok: false; status: number; reason: string };

export function cookieName(port: number): string {
  // Cookies are shared across ports of one host: name them per port so two servers never collide.
  return `rozi_${port}`;
}

export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

export function hostAllowed(req: IncomingMessage, cfg: GateConfig): boolean {
  const host = req.headers.host;
  if (!host) return false;
  if (cfg.allowRemote) return true;
  return allowedHosts(cfg.port).includes(host.toLowerCase());
}

type OriginKind = 'same' | 'missing' | 'null' | 'foreign';

export function originKind(req: IncomingMessage, cfg: GateConfig): OriginKind {
  const origin = req.headers.origin;
  if (origin === undefined || origin === '') return 'missing';
  if (origin === 'null') return 'null';
  const host = (req.headers.host ?? '').toLowerCase();
  const own = cfg.allowRemote ? [`http://${host}`] : allowedHosts(cfg.port).map((h) => `http://${h}`);
  return own.includes(origin.toLowerCase()) && origin.toLowerCase() === `http://${host}` ? 'same' : 'foreign';
}

function bearer(req: IncomingMessage): string | null {
  const h = req.headers.authorization;
  const m = h ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m ? (m[1] as string) : null;
}

export function cookieToken(req: IncomingMessage, port: number): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  const name = cookieName(port);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodedOrNull(part.slice(eq + 1).trim());
  }
  return null;
}

/** A malformed escape (`rozi_<port>=%`) is no token, not a URIError thrown out of the gate. */
function decodedOrNull(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The token of a read-only link: derived from the server's token, never the token itself. */
export function viewerTokenOf(token: string): string {
  return createHmac('sha256', token).update('rozi read-only viewer').digest('hex');
}

/** Who the request authenticates as, before any Origin rule. */
export function authenticate(req: IncomingMessage, cfg: GateConfig): Caller {
  const given = bearer(req);
  if (tokenMatches(given, cfg.token)) return { ok: true, via: 'bearer' };
  const cookie = cookieToken(req, cfg.port);
  if (tokenMatches(cookie, cfg.token)) return { ok: true, via: 'cookie' };
  if (tokenMatches(given, cfg.viewerToken)) return { ok: true, via: 'bearer', readOnly: true };
  if (tokenMatches(cookie, cfg.viewerToken)) return { ok: true, via: 'cookie', readOnly: true };
  return { ok: false, reason: 'not authenticated: open the URL that `rozi server` printed (with ?token=)' };
}

export type RequestKind = 'page' | 'query' | 'mutation' | 'upgrade';

/** The whole decision for one request. */
export function checkRequest(req: IncomingMessage, kind: RequestKind, cfg: GateConfig): Verdict {
  if (!hostAllowed(req, cfg)) return { ok: false, status: 403, reason: 'forbidden host' };
  const origin = originKind(req, cfg);
  if (origin === 'foreign') return { ok: false, status: 403, reason: 'forbidden origin' };
  if (kind === 'mutation') {
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json')
      return { ok: false, status: 415, reason: 'mutations need content-type: application/json' };
  }
  const caller = authenticate(req, cfg);
  if (!caller.ok) return { ok: false, status: 401, reason: caller.reason };
  // Upgrades and mutations from a browser carry our Origin. Without one (or with `null`, e.g. a
  // sandboxed iframe or file:// page) only the explicit bearer token is proof of intent.
  if ((kind === 'mutation' || kind === 'upgrade') && origin !== 'same' && caller.via !== 'bearer') {
    return { ok: false, status: 403, reason: `${origin} origin needs the token in an Authorization header` };
  }
  return { ok: true, caller };
}
