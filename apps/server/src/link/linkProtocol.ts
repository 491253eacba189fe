// The host link's wire contract: what the local server and a host's headless rozi say to each
// other over ssh (host/serveStdio.ts pipes it to the host's control socket). Types and constants
// only. Read this first.
//
// Bytes on the wire, after the one text line the proxy prints (HOST_HELLO_PREFIX, below):
//   frame = u32 BE length of (type + body) | u8 type | body
//   type 1 (LINK_JSON):   body = one UTF-8 JSON LinkMessage
//   type 2 (LINK_STREAM): body = one terminal frame exactly as the browser gets it
//                         (stream/protocol.ts: kind, pane key, offset, payload), keys being the
//                         HOST's pane keys; the client maps them to its own.
// A frame longer than MAX_LINK_FRAME, or a body that does not parse, ends the link: a host that
// breaks the protocol or goes past a bound is disconnected (spec 003, Security).
//
// Calls go both ways over one id space per direction: the client calls the host's tRPC procedures
// by path (the same ones the control socket serves), the host calls the client's `placed.*`
// procedures for the extension processes the client placed there. A call is answered once
// (`reply`), or, for a subscription, with `item`s ended by `done`; `cancel` ends it early.
//
// Streams: `attach` starts a pane's output to this link from `since` (exact replay when the host's
// ring still holds it, else a reset frame); `ack` returns flow-control credit exactly as a browser
// viewer does (stream/protocol.ts watermarks), so a host pane pauses only when every one of its
// viewers — this link included — is full. `exit` reports a pane's process exit.
import type { ErrorDescription } from '../api/errorShape';
import type { ServerEvent } from '../events/types';

/** What `rozi host serve --stdio` writes to the control socket first, so the server hands the
 * connection to the link handler instead of the JSON-lines control wire (it cannot begin a line). */
export const LINK_PREAMBLE = '\u0000rozi-link\n';

/** What `rozi host serve --stdio` writes first to ask the server to take over its ssh stdin and
 * stdout itself (host/stdioAdoption.ts); one line `{"pid":N}` follows, the answer is `ok` or
 * `no <reason>`. */
export const LINK_ADOPT_PREAMBLE = '\u0000rozi-adop\n';

/** Link protocol this build speaks, and the oldest it still accepts. */
export const LINK_PROTOCOL = 1;
export const LINK_MIN_PROTOCOL = 1;

/** The proxy's first stdout line: `rozi-host protocol=1 min=1 version=… platform=linux arch=x64`. */
export const HOST_HELLO_PREFIX = 'rozi-host ';

export const LINK_JSON = 1;
export const LINK_STREAM = 2;
/** Bound on one frame (a capture with full scrollback, a workspace of many panes). */
export const MAX_LINK_FRAME = 32 * 1024 * 1024;

/**
 * Flow control of the link's own viewers on the host: the same hysteresis as a browser, with its
 * own window (the client's ring absorbs the link's latency: ssh, two pipes). Still bounded: a
 * stalled client holds at most this much. 2 MiB, ssh's own channel window: with 1 MiB a flood
 * filled it in ~4 ms and the host then waited 10-60 ms for the acks to come back through ssh,
 * sshd and two pipes on a busy 2-core box. The client's ring (DEFAULT_RING_BYTES, 2 MiB) holds
 * what its blocked viewers have not sent: the window must not be larger.
 */
export const LINK_HIGH_WATERMARK = 2 * 1024 * 1024;
/** Half the window, as for a browser (stream/protocol.ts): the host sends again long before the pipe runs dry. */
export const LINK_LOW_WATERMARK = LINK_HIGH_WATERMARK / 2;

export interface HostHello {
  protocol: number;
  min: number;
  version: string;
  platform: string;
  arch: string;
}

export type LinkMessage =
  | { t: 'call'; id: number; path: string; input?: unknown }
  | { t: 'cancel'; id: number }
  | { t: 'reply'; id: number; ok: true; data: unknown }
  | { t: 'reply'; id: number; ok: false; error: ErrorDescription }
  | { t: 'item'; id: number; item: unknown }
  | { t: 'done'; id: number }
  | { t: 'attach'; key: number; since?: number; cols?: number; rows?: number }
  | { t: 'detach'; key: number }
  | { t: 'input'; key: number; data: string }
  | { t: 'resize'; key: number; cols: number; rows: number }
  | { t: 'ack'; key: number; bytes: number }
  | { t: 'exit'; key: number; code: number | null }
  | { t: 'event'; event: ServerEvent }
  /** Either side says why it is about to close the link (one line, shown to the user). */
  | { t: 'bye'; reason: string };

export function formatHello(h: HostHello): string {
  return `${HOST_HELLO_PREFIX}protocol=${h.protocol} min=${h.min} version=${h.version} platform=${h.platform} arch=${h.arch}\n`;
}

/** Parses the proxy's hello line; null when the line is not one (an old or foreign program). */
export function parseHello(line: string): HostHello | null {
  if (!line.startsWith(HOST_HELLO_PREFIX)) return null;
  const fields = new Map<string, string>();
  for (const part of line.slice(HOST_HELLO_PREFIX.length).trim().split(/\s+/)) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq), part.slice(eq + 1));
  }
  const protocol = Number(fields.get('protocol'));
  const min = Number(fields.get('min') ?? protocol);
  if (!Number.isInteger(protocol) || !Number.isInteger(min)) return null;
  return {
    protocol,
    min,
    version: fields.get('version') ?? 'unknown',
    platform: fields.get('platform') ?? 'unknown',
    arch: fields.get('arch') ?? 'unknown',
  };
}
