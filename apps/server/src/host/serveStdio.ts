// `rozi host serve --stdio`: what the client's ssh runs on a host. It connects to this user's
// rozi server on the host (the control socket), starting a headless one when none runs
// (`rozi server --headless`: no network port, detached so it outlives this ssh session), prints
// one hello line (link/linkProtocol.ts), then pipes the link both ways until either end closes.
// The server keeps every session after this process is gone, so a dropped ssh link loses nothing:
// the next `host serve` reaches the same server and the client replays by offset.
// On Linux the server first takes the ssh stdin/stdout over itself (host/stdioAdoption.ts) and this
// process only waits; piping the bytes here is the fallback, and what ROZI_HOST_STDIO=proxy forces.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { arch } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { resolvePaths } from '../config/paths';
import { checkSocketTrust } from '../control/socketTrust';
import {
  formatHello,
  LINK_ADOPT_PREAMBLE,
  LINK_MIN_PROTOCOL,
  LINK_PREAMBLE,
  LINK_PROTOCOL,
} from '../link/linkProtocol';
import { ROZI_WEB_VERSION } from '../server/version';

// A cold start compiles the server through tsx: on a loaded 2-core box that took over 20 s.
const START_TIMEOUT_MS = 60_000;
const roziMjs = fileURLToPath(new URL('../../bin/rozi.mjs', import.meta.url));

export interface ServeStdioIO {
  env: NodeJS.ProcessEnv;
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  /** This process's id when stdin/stdout are its own fds 0 and 1, which the server may adopt. */
  adoptPid?: number;
}

function connectOnce(path: string): Promise<Socket | null> {
  return new Promise((resolve) => {
    const s = createConnection(path);
    s.once('connect', () => resolve(s));
    s.once('error', () => resolve(null));
  });
}

/** The environment of the headless server: ours, minus what only describes this ssh session. */
function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env))
    if (!/^SSH_/.test(k) && k !== 'ROZI_PANE' && k !== 'ROZI_SESSION_NAME') out[k] = v;
  return out;
}

function lastLines(file: string, n: number): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-n).join(' / ');
  } catch {
    return '';
  }
}

/** Starts `rozi server --headless` detached and waits until its socket answers. */
async function startServer(env: NodeJS.ProcessEnv): Promise<Socket> {
  const paths = resolvePaths(env);
  mkdirSync(paths.logDir, { recursive: true, mode: 0o700 });
  const logFile = join(paths.logDir, 'host-server.log');
  const fd = openSync(logFile, 'a', 0o600);
  const child = spawn(process.execPath, [roziMjs, 'server', '--headless'], {
    env: serverEnv(env),
    cwd: env.HOME || '/',
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? 1));
  child.unref();
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const s = await connectOnce(paths.socket);
    if (s) return s;
    // Another `host serve` may have won the race: its server answers soon, so keep trying
    // unless ours failed for a reason of its own.
    if (exited !== null && !/already running/.test(lastLines(logFile, 3)))
      throw new Error(`the headless rozi server exited (${exited}): ${lastLines(logFile, 2) || 'no log'}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(
    `the headless rozi server did not open ${paths.socket} within ${START_TIMEOUT_MS / 1000} s`,
  );
}

/**
 * Asks the server on `conn` to take over this process's stdin and stdout. Resolves with null once
 * it has (the connection then stays open until the link ends), else with the server's reason (the
 * connection is over either way).
 */
function requestAdoption(conn: Socket, pid: number): Promise<string | null> {
  return new Promise((resolve) => {
    let buf = '';
    const onData = (chunk: Buffer) => {
      buf += chunk.toString('utf8');
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      conn.off('data', onData);
      const answer = buf.slice(0, nl);
      resolve(answer === 'ok' ? null : answer.replace(/^no /, '') || 'no answer');
    };
    conn.on('data', onData);
    conn.once('close', () => resolve(buf ? `cut off answer '${buf}'` : 'the server closed the connection'));
    conn.write(`${LINK_ADOPT_PREAMBLE}${JSON.stringify({ pid })}\n`);
  });
}

async function connectOrStart(io: ServeStdioIO, path: string): Promise<Socket> {
  return (await connectOnce(path)) ?? startServer(io.env);
}

export async function serveStdio(io: ServeStdioIO): Promise<number> {
  const paths = resolvePaths(io.env);
  const trust = checkSocketTrust(paths.socket);
  if (!trust.ok && !trust.missing) {
    io.stderr.write(`rozi host serve: refusing to talk to ${paths.socket}: ${trust.why}\n`);
    return 1;
  }
  let conn: Socket;
  try {
    conn = await connectOrStart(io, paths.socket);
  } catch (err) {
    io.stderr.write(`rozi host serve: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  // The hello goes out before anyone else writes to stdout: after it, the server may own it.
  await new Promise<void>((resolve) =>
    io.stdout.write(
      formatHello({
        protocol: LINK_PROTOCOL,
        min: LINK_MIN_PROTOCOL,
        version: ROZI_WEB_VERSION,
        platform: process.platform,
        arch: arch(),
      }),
      () => resolve(),
    ),
  );
  if (io.adoptPid !== undefined && process.platform === 'linux' && io.env.ROZI_HOST_STDIO !== 'proxy') {
    const refused = await requestAdoption(conn, io.adoptPid);
    if (refused === null) {
      // The server owns the link now; this process only keeps sshd's channel open until it ends.
      await new Promise<void>((resolve) => {
        conn.on('close', () => resolve());
        conn.on('error', () => conn.destroy());
        conn.resume();
      });
      return 0;
    }
    conn.destroy();
    // The server logged why (host-server.log); pipe the link instead.
    const again = await connectOnce(paths.socket);
    if (!again) {
      io.stderr.write(`rozi host serve: the rozi server at ${paths.socket} went away\n`);
      return 1;
    }
    conn = again;
  }
  return relay(io, conn);
}

/** Pipes the link between stdin/stdout and the server's control socket until either end closes. */
function relay(io: ServeStdioIO, conn: Socket): Promise<number> {
  conn.setNoDelay(true);
  conn.write(LINK_PREAMBLE);
  return new Promise<number>((resolve) => {
    let done = false;
    const finish = (code: number) => {
      if (done) return;
      done = true;
      conn.destroy();
      resolve(code);
    };
    io.stdin.on('data', (chunk: Buffer) => {
      if (!conn.write(chunk)) {
        io.stdin.pause();
        conn.once('drain', () => io.stdin.resume());
      }
    });
    io.stdin.on('end', () => conn.end());
    io.stdin.on('error', () => finish(0));
    conn.on('data', (chunk: Buffer) => {
      if (!io.stdout.write(chunk)) {
        conn.pause();
        io.stdout.once('drain', () => conn.resume());
      }
    });
    conn.on('close', () => finish(0));
    conn.on('error', () => finish(1));
    io.stdout.on('error', () => finish(0));
  });
}
