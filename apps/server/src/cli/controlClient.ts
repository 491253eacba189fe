// The CLI's side of the control socket (control/wire.ts): one connection per command, one
// request (or one subscription), errors turned into CliErrors with the server's stable code.
import { createConnection, type Socket } from 'node:net';
import { formatLimit, formatSize, LIMITS } from '../api/limits';
import { resolvePaths } from '../config/paths';
import { EXIT_USAGE } from './args';
import type { ControlReply } from '../control/wire';
import { checkSocketTrust } from '../control/socketTrust';
import { CliError } from './verb';

/** Exit codes (README "Exit codes"). */
export const EXIT_FAILURE = 1;
export const EXIT_NO_SERVER = 3;

export function connect(env: NodeJS.ProcessEnv): Promise<Socket> {
  const path = resolvePaths(env).socket;
  const trust = checkSocketTrust(path);
  if (!trust.ok && !trust.missing)
    return Promise.reject(
      new CliError(
        'untrusted-socket',
        `refusing to talk to ${path}: ${trust.why}; remove it, or set ROZI_SOCKET to a socket in a private directory`,
        EXIT_FAILURE,
      ),
    );
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    socket.once('connect', () => resolve(socket));
    socket.once('error', (err: NodeJS.ErrnoException) => {
      const why =
        err.code === 'ENOENT' || err.code === 'ECONNREFUSED'
          ? 'no rozi server is running'
          : `cannot reach the rozi server (${err.code ?? err.message})`;
      reject(
        new CliError(
          'no-server',
          `${why} on ${path}: start one with 'rozi server' (or set ROZI_SOCKET)`,
          EXIT_NO_SERVER,
        ),
      );
    });
  });
}

export function lines(socket: Socket, onReply: (r: ControlReply) => void): void {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.trim()) onReply(JSON.parse(line) as ControlReply);
    }
  });
}

function failure(error: { code: string; message: string }): CliError {
  return new CliError(error.code, error.message, EXIT_FAILURE);
}

/** The request line, refused here when it is over the server's one limit (api/limits.ts). */
function requestLine(path: string, input: unknown): string {
  const line = JSON.stringify({ id: 1, path, input }) + '\n';
  const bytes = Buffer.byteLength(line);
  if (bytes > LIMITS.requestBytes)
    throw new CliError(
      'too-large',
      `the request is ${formatSize(bytes)}; the server takes at most ${formatLimit(LIMITS.requestBytes)} in one request`,
      EXIT_USAGE,
    );
  return line;
}

/** Calls one query or mutation and returns its data. */
export async function callServer<T = unknown>(
  env: NodeJS.ProcessEnv,
  path: string,
  input?: unknown,
): Promise<T> {
  const line = requestLine(path, input);
  const socket = await connect(env);
  return new Promise<T>((resolve, reject) => {
    lines(socket, (r) => {
      socket.end();
      if ('ok' in r && r.ok) resolve(r.data as T);
      else if ('ok' in r) reject(failure(r.error));
      else reject(new CliError('internal', `'${path}' is a subscription; use subscribeServer`, EXIT_FAILURE));
    });
    socket.once('close', () =>
      reject(new CliError('no-server', 'the rozi server closed the connection', EXIT_NO_SERVER)),
    );
    socket.write(line);
  });
}

/** Streams a subscription's items until `onItem` returns false, the server ends it, or it fails. */
export async function subscribeServer(
  env: NodeJS.ProcessEnv,
  request: { path: string; input: unknown },
  onItem: (item: unknown) => boolean | void,
): Promise<void> {
  const { path, input } = request;
  const line = requestLine(path, input);
  const socket = await connect(env);
  return new Promise<void>((resolve, reject) => {
    lines(socket, (r) => {
      if ('item' in r) {
        if (onItem(r.item) === false) {
          socket.write(JSON.stringify({ id: 1, cancel: true }) + '\n');
          socket.end();
          resolve();
        }
      } else if ('done' in r) {
        socket.end();
        resolve();
      } else if ('ok' in r && !r.ok) {
        socket.end();
        reject(failure(r.error));
      }
    });
    socket.once('close', () => resolve());
    socket.write(line);
  });
}
