// The control endpoint for the CLI: a unix socket (mode 0600 in a 0700 directory, so only this
// user can connect) speaking control/wire.ts, dispatching to the tRPC procedures through
// createCaller — the same code the browser reaches over HTTP.
import { chmodSync, lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { dirname } from 'node:path';
import { describeError } from '../api/errorShape';
import { formatLimit, LIMITS } from '../api/limits';
import type { ServerServices } from '../api/context';
import { sniffConnection, type SniffedKind } from './connectionSniff';
import { callProcedure } from './procedureCall';
import { parseRoziRequest } from './roziWire';
import { serveRozi, type RoziConnection } from './roziConnection';
import { parseControlRequest, type ControlReply } from './wire';

/** Makes the socket's directory private; refuses to use one that others can write into. */
function prepareDir(dir: string, log: (line: string) => void): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  const uid = process.getuid?.() ?? 0;
  if (st.uid !== uid) throw new Error(`socket directory ${dir} belongs to another user`);
  if ((st.mode & 0o077) !== 0) {
    if (st.mode & 0o1000)
      log(`warning: socket directory ${dir} is shared (sticky); the socket itself is 0600`);
    else chmodSync(dir, 0o700);
  }
}

/** True when a server already answers on `path`. */
export function socketAlive(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const c = createConnection(path);
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}

export async function listenControlSocket(o: {
  path: string;
  services: ServerServices;
  log(line: string): void;
  /** A connection that opens with the host link's preamble (control/connectionSniff.ts). */
  link?(socket: Socket, rest: Buffer, kind: SniffedKind): void;
  /**
   * Decides each request before it runs (a placed process's own socket, host/placedRuntime.ts):
   * null runs it as usual, a promise answers it instead (or rejects it with a coded error).
   */
  intercept?: Intercept;
}): Promise<Server> {
  prepareDir(dirname(o.path), o.log);
  if (await socketAlive(o.path)) throw new Error(`a rozi server is already running on ${o.path}`);
  try {
    unlinkSync(o.path);
  } catch {
    // No stale socket to remove.
  }
  const control = (socket: Socket) => serveConnection(socket, o.services, o.intercept);
  const link = o.link;
  const server = createServer((socket) =>
    link
      ? sniffConnection(socket, {
          control: () => control(socket),
          link: (rest, kind) => link(socket, rest, kind),
        })
      : control(socket),
  );
  // umask during bind so the socket is never briefly group/world-accessible.
  const old = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(o.path, () => resolve());
    });
  } finally {
    process.umask(old);
  }
  chmodSync(o.path, 0o600);
  return server;
}

/**
 * Tracks the connections `server` accepts; the function returned closes it and ends every one
 * still open. A placed process's socket (host/placedRuntime.ts, extensions/localPlacedGate.ts)
 * when the process stops: its credential is retired, so what it left open (a helper's
 * `rozi subscribe`) must not go on streaming (spec 003).
 */
export function cutterOf(server: Server): () => void {
  const open = new Set<Socket>();
  server.on('connection', (c: Socket) => {
    open.add(c);
    c.once('close', () => open.delete(c));
  });
  return () => {
    server.close();
    for (const c of open) c.destroy();
  };
}

export type Intercept = (path: string, input: unknown, signal: AbortSignal) => Promise<unknown> | null;

function serveConnection(socket: Socket, base: ServerServices, intercept?: Intercept): void {
  const running = new Map<number, AbortController>();
  // The line being received, in pieces: joined once when its newline comes, and never more
  // than the request limit (api/limits.ts) — past it the request is refused unread.
  let parts: Buffer[] = [];
  let pending = 0;
  let refused = false;
  // rozi's protocol or the project's, told apart by the first line (control/roziWire.ts).
  let first = true;
  let rozi: RoziConnection | null = null;
  const send = (reply: ControlReply) => {
    if (!socket.destroyed) socket.write(JSON.stringify(reply) + '\n');
  };
  const refuse = () => {
    // Answered, not dropped: a dropped connection reads as "no server" to the CLI.
    refused = true;
    parts = [];
    send({
      id: 0,
      ok: false,
      error: {
        code: 'too-large',
        message: `the request is over ${formatLimit(LIMITS.requestBytes)}, the most one request may carry`,
      },
    });
    socket.end();
  };
  socket.on('data', (chunk: Buffer) => {
    let start = 0;
    let nl: number;
    while (!refused && (nl = chunk.indexOf(0x0a, start)) >= 0) {
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (pending + piece.length > LIMITS.requestBytes) return refuse();
      // Split on the byte: a newline never occurs inside a UTF-8 sequence.
      const line = (parts.length ? Buffer.concat([...parts, piece]) : piece).toString('utf8');
      parts = [];
      pending = 0;
      if (!line.trim()) continue;
      if (first) {
        first = false;
        const req = parseRoziRequest(line);
        if (req && intercept) {
          // rozi's {"cmd"} wire is not served on a gated socket: every request goes through the gate.
          send({
            id: 0,
            ok: false,
            error: { code: 'not-permitted', message: 'this socket takes procedure calls only' },
          });
          socket.end();
          return;
        }
        if (req) rozi = serveRozi(socket, { ...base, caller: { ok: true, via: 'socket' } }, req);
      }
      if (rozi) rozi.onLine(line);
      else
        handleLine(line).catch((err: unknown) =>
          // Never reached by design (handleLine answers every failure); if it is, the request
          // gets an answer and the server lives on.
          send({ id: 0, ok: false, error: { code: 'internal', message: String(err) } }),
        );
    }
    if (refused) return;
    const rest = chunk.subarray(start);
    pending += rest.length;
    if (pending > LIMITS.requestBytes) return refuse();
    if (rest.length) parts.push(rest);
  });
  socket.on('close', () => {
    rozi?.close();
    for (const c of running.values()) c.abort();
    running.clear();
  });
  socket.on('error', () => socket.destroy());

  async function handleLine(line: string): Promise<void> {
    const parsed = parseControlRequest(line);
    if (!parsed.ok)
      return send({ id: parsed.id, ok: false, error: { code: 'invalid', message: parsed.error } });
    const req = parsed.request;
    const id = req.id;
    if (req.cancel) {
      running.get(id)?.abort();
      return;
    }
    const abort = new AbortController();
    running.set(id, abort);
    try {
      const path = String(req.path ?? '');
      const result = await (intercept?.(path, req.input, abort.signal) ??
        callProcedure(
          { ...base, caller: { ok: true, via: 'socket' } },
          { path, input: req.input, signal: abort.signal },
        ));
      if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
        for await (const item of result as AsyncIterable<unknown>) {
          if (abort.signal.aborted) break;
          send({ id, item });
        }
        send({ id, done: true });
      } else {
        send({ id, ok: true, data: result ?? null });
      }
    } catch (err) {
      if (!abort.signal.aborted) send({ id, ok: false, error: describeError(err) });
      else send({ id, done: true });
    } finally {
      running.delete(id);
    }
  }
}
