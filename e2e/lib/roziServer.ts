// Starts a real `rozi server` for a test: its own temp HOME and ROZI_* directories, a free port,
// the URL it prints. stop() ends it (and its panes); restart() brings it back on the same port
// and state directory, the way a user restarts the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROZI_BIN = join(REPO_ROOT, 'apps', 'server', 'bin', 'rozi.mjs');

export interface RoziServer {
  /** http://127.0.0.1:PORT/?token=… as printed. */
  url: string;
  origin: string;
  token: string;
  port: number;
  home: string;
  env: NodeJS.ProcessEnv;
  /** Runs a `rozi` CLI verb against this server; resolves with stdout. */
  cli(args: string[]): Promise<string>;
  stop(): Promise<void>;
  restart(): Promise<void>;
  dispose(): Promise<void>;
  log(): string;
}

export interface StartOptions {
  /** Extra environment for the server (and so for its panes). */
  env?: Record<string, string>;
  /** Seconds to wait for the URL. */
  timeoutSeconds?: number;
}

function serverEnv(home: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    LANG: 'C.UTF-8',
    TERM: 'xterm-256color',
    SHELL: '/bin/bash',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_RUNTIME_DIR: join(home, 'run'),
    ROZI_CONFIG_DIR: join(home, '.config', 'rozi'),
    ROZI_DATA_DIR: join(home, '.local', 'share', 'rozi'),
    ROZI_STATE_DIR: join(home, '.local', 'state', 'rozi'),
    ROZI_SOCKET: join(home, 'run', 'rozi.sock'),
    TURBO_TELEMETRY_DISABLED: '1',
    NEXT_TELEMETRY_DISABLED: '1',
    // A plain, predictable prompt so tests can wait for it.
    PS1: '$ ',
    ...extra,
  };
}

function launch(o: {
  env: NodeJS.ProcessEnv;
  port: number;
  timeoutMs: number;
  logs: string[];
}): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [ROZI_BIN, 'server', '--port', String(o.port)], {
      env: o.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`rozi server printed no URL within ${o.timeoutMs} ms:\n${o.logs.join('')}`));
    }, o.timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      o.logs.push(chunk.toString());
      const m = /(http:\/\/[^\s]+\?token=[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolvePromise({ child, url: m[1]! });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => o.logs.push(chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`rozi server exited with ${code} before printing its URL:\n${o.logs.join('')}`));
    });
  });
}

async function terminate(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 8000));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    // The process group holds the panes' shells too; end them all.
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
    await exited;
  }
}

export async function startRozi(options: StartOptions = {}): Promise<RoziServer> {
  const home = mkdtempSync(join(tmpdir(), 'rozi-e2e-'));
  const env = serverEnv(home, options.env ?? {});
  const logs: string[] = [];
  const timeoutMs = (options.timeoutSeconds ?? 90) * 1000;
  const first = await launch({ env, port: 0, timeoutMs, logs });
  let child = first.child;
  const url = first.url;
  const parsed = new URL(url);
  const port = Number(parsed.port);
  const token = parsed.searchParams.get('token') ?? '';

  const server: RoziServer = {
    url,
    origin: parsed.origin,
    token,
    port,
    home,
    env,
    log: () => logs.join(''),
    cli: (args) =>
      new Promise((resolvePromise, reject) => {
        const p = spawn(process.execPath, [ROZI_BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
        p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        p.on('exit', (code) =>
          code === 0
            ? resolvePromise(stdout)
            : reject(new Error(`rozi ${args.join(' ')} exited ${code}: ${stderr}`)),
        );
      }),
    stop: () => terminate(child),
    restart: async () => {
      await terminate(child);
      const next = await launch({ env, port, timeoutMs, logs });
      child = next.child;
      server.url = next.url;
      server.token = new URL(next.url).searchParams.get('token') ?? '';
    },
    dispose: async () => {
      await terminate(child);
      rmSync(home, { recursive: true, force: true });
    },
  };
  return server;
}
