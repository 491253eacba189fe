// The CLI's side of the control socket (control/wire.ts): one connection per command, one
// request (or one subscription), errors turned into CliErrors with the server's stable code.
import { createConnection, type Socket } from 'node:net';
import { formatLimit, formatSize, LIMITS } from '../api/limits';
import { resolvePaths } from '../config/paths';
import { EXIT } from '../contract/codes';
import type { ControlReply } from '../control/wire';
import { checkSocketTrust } from '../control/socketTrust';
import type { CallPath, InputArg, InputOf, ItemOf, OutputOf, StreamPath } from './procedureTypes';
import { CliError } from './verb';

export function connect(env: NodeJS.ProcessEnv): Promise<Socket> {
  const path = resolvePaths(env).socket;
  const trust = checkSocketTrust(path);
  if (!trust.ok && !trust.missing)
    return Promise.reject(
      new CliError(
        'untrusted-socket',
        `refusing to talk to ${path}: ${trust.why}; remove it, or set ROZI_SOCKET to a socket in a private directory`,
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
        new CliError('no-server', `${why} on ${path}: start one with 'rozi server' (or set ROZI_SOCKET)`),
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

/** The request line, refused here when it is over the server's one limit (api/limits.ts). */
function requestLine(path: string, input: unknown): string {
  const line = JSON.stringify({ id: 1, path, input }) + '\n';
  const bytes = Buffer.byteLength(line);
  if (bytes > LIMITS.requestBytes)
    throw new CliError(
      'too-large',
      `the request is ${formatSize(bytes)}; the server takes at most ${formatLimit(LIMITS.requestBytes)} in one request`,
      { exitCode: EXIT.usage },
    );
  return line;
}

/** Sends one request and settles with its reply (queries and mutations). */
async function request(env: NodeJS.ProcessEnv, path: string, input: unknown): Promise<unknown> {
  const line = requestLine(path, input);
  const socket = await connect(env);
  return new Promise<unknown>((resolve, reject) => {
    lines(socket, (r) => {
      socket.end();
      if ('ok' in r && r.ok) resolve(r.data);
      else if ('ok' in r) reject(CliError.fromServer(r.error));
      else reject(new CliError('internal', `'${path}' is a subscription; use subscribeServer`));
    });
    socket.once('close', () => reject(new CliError('no-server', 'the rozi server closed the connection')));
    socket.write(line);
  });
}

/**
 * Calls one query or mutation of the router and returns its data. The path, the input and the
 * result are AppRouter's (cli/procedureTypes.ts): a wrong path or input does not compile.
 */
export async function callServer<P extends CallPath>(
  env: NodeJS.ProcessEnv,
  path: P,
  ...input: InputArg<P>
): Promise<OutputOf<P>> {
  return (await request(env, path, input[0])) as OutputOf<P>;
}

/**
 * Any path with any input, unchecked: for tests that send what the compiler would refuse, to
 * see the server refuse it too. Verbs use callServer.
 */
export function callUnchecked(env: NodeJS.ProcessEnv, path: string, input?: unknown): Promise<unknown> {
  return request(env, path, input);
}

/** Streams a subscription's items until `onItem` returns false, the server ends it, or it fails. */
export async function subscribeServer<P extends StreamPath>(
  env: NodeJS.ProcessEnv,
  stream: { path: P; input: InputOf<P> },
  onItem: (item: ItemOf<P>) => boolean | void,
): Promise<void> {
  const { path, input } = stream;
  const line = requestLine(path, input);
  const socket = await connect(env);
  return new Promise<void>((resolve, reject) => {
    lines(socket, (r) => {
      if ('item' in r) {
        if (onItem(r.item as ItemOf<P>) === false) {
          socket.write(JSON.stringify({ id: 1, cancel: true }) + '\n');
          socket.end();
          resolve();
        }
      } else if ('done' in r) {
        socket.end();
        resolve();
      } else if ('ok' in r && !r.ok) {
        socket.end();
        reject(CliError.fromServer(r.error));
      }
    });
    socket.once('close', () => resolve());
    socket.write(line);
  });
}
