// Test harness: a real `rozi server` subprocess in a temp HOME on a free port, with helpers to
// call it over the control socket (the CLI's transport), run the CLI, and read its process state.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, mkdirSync, readdirSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { callUnchecked } from '../src/cli/controlClient';

export const BIN = fileURLToPath(new URL('../bin/rozi.mjs', import.meta.url));

export interface TestServer {
  home: string;
  env: NodeJS.ProcessEnv;
  proc: ChildProcess;
  port: number;
  token: string;
  url: string;
  origin: string;
  stdout(): string;
  stderr(): string;
  call<T = unknown>(path: string, input?: unknown): Promise<T>;
  /** SIGTERM and wait for exit; returns the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL the server only (its children survive as orphans until their PTY hangs up). */
  kill9(): Promise<void>;
}

export function makeHome(): { home: string; env: NodeJS.ProcessEnv } {
  const home = mkdtempSync(join(tmpdir(), 'rozi-test-'));
  mkdirSync(join(home, 'run'), { mode: 0o700 });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    SHELL: '/bin/bash',
    LANG: 'C.UTF-8',
    ROZI_SOCKET: join(home, 'run', 'rozi.sock'),
    // bash without the user's rc files: a predictable prompt.
    PS1: '$ ',
    ENV: '',
    BASH_ENV: '',
  };
  return { home, env };
}

export async function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  timing: number | { timeoutMs: number; everyMs: number } = 10_000,
): Promise<NonNullable<T>> {
  const { timeoutMs, everyMs } = typeof timing === 'number' ? { timeoutMs: timing, everyMs: 20 } : timing;
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v) return v as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function startServer(
  o: { home?: { home: string; env: NodeJS.ProcessEnv }; args?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<TestServer> {
  const { home, env: baseEnv } = o.home ?? makeHome();
  const env = { ...baseEnv, ...o.env };
  const proc = spawn(process.execPath, [BIN, 'server', '--port', '0', '--no-web', ...(o.args ?? [])], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
  proc.stderr?.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const url = await waitFor(
    'the server URL',
    () => {
      if (proc.exitCode !== null) throw new Error(`server exited: ${err}`);
      return /http:\/\/\S+\?token=\S+/.exec(out)?.[0];
    },
    // Seconds on an idle box; a loaded 2-core one (several suites at once) has taken over 20.
    60_000,
  );
  const u = new URL(url);
  const port = Number(u.port);
  const token = u.searchParams.get('token') as string;
  return {
    home,
    env,
    proc,
    port,
    token,
    url,
    origin: `http://127.0.0.1:${port}`,
    stdout: () => out,
    stderr: () => err,
    call: (path, input) => callUnchecked(env, path, input) as Promise<never>,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      return exited;
    },
    async kill9() {
      proc.kill('SIGKILL');
      await exited;
    },
  };
}

export function removeHome(home: string): void {
  rmSync(home, { recursive: true, force: true });
}

/** Open fds of a process (from /proc). */
export function fdCount(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** Pids whose parent is `pid`. */
export function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) out.push(Number(name));
    } catch {
      // Process ended while listing.
    }
  }
  return out;
}

export function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

export function cwdOf(pid: number): string {
  return readlinkSync(`/proc/${pid}/cwd`);
}

/** Runs the CLI as a user would (a subprocess with the server's env). */
export function runCli(
  env: NodeJS.ProcessEnv,
  args: string[],
  input?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    p.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    p.stdin.end(input ?? '');
    p.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The data of rozi's success response `{"ok":true,"data":…}` (control.md); throws on anything else. */
export function roziData<T>(stdout: string): T {
  const r = JSON.parse(stdout) as { ok?: unknown; data?: unknown };
  if (r.ok !== true || !('data' in r))
    throw new Error(`not rozi's success response: ${stdout.slice(0, 300)}`);
  return r.data as T;
}
