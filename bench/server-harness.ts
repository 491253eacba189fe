// Shared by the bench/server-*.ts benchmarks: a real `rozi server --no-web` in a temp HOME, a
// control-socket caller, a draining WebSocket viewer (acks as the page does), and percentiles.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { ackEvery, FLOW_FOCUSED_WINDOW } from '../apps/web/src/stream/wireFormat';
import { callUnchecked } from '../apps/server/src/cli/controlClient';

export const BIN = fileURLToPath(new URL('../apps/server/bin/rozi.mjs', import.meta.url));

export interface BenchServer {
  home: string;
  env: NodeJS.ProcessEnv;
  port: number;
  token: string;
  proc: ChildProcess;
  call<T>(path: string, input?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/** `nodeArgs`: flags for the server's node (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
export async function startServer(
  o: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<BenchServer> {
  const home = mkdtempSync(join(tmpdir(), 'rozi-bench-'));
  mkdirSync(join(home, 'run'), { mode: 0o700 });
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    SHELL: '/bin/bash',
    LANG: 'C.UTF-8',
    ROZI_SOCKET: join(home, 'run', 'rozi.sock'),
    ...o.env,
  };
  const proc = spawn(process.execPath, [...(o.nodeArgs ?? []), BIN, 'server', '--port', '0', '--no-web'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
  const url = await new Promise<URL>((resolve, reject) => {
    const t = setInterval(() => {
      const m = /http:\/\/\S+\?token=\S+/.exec(out);
      if (m) {
        clearInterval(t);
        resolve(new URL(m[0]));
      }
      if (proc.exitCode !== null) reject(new Error('server exited'));
    }, 20);
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return {
    home,
    env,
    port: Number(url.port),
    token: url.searchParams.get('token') as string,
    proc,
    call: <T>(path: string, input?: unknown) => callUnchecked(env, path, input) as Promise<T>,
    async stop() {
      proc.kill('SIGTERM');
      await exited;
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** A viewer that drains as fast as it can and acks every ACK_EVERY bytes, as the page does once xterm.js parsed them. */
/** The page's ack threshold for its focused pane (apps/web stream/wireFormat.ts): 64 KiB. */
const ACK_EVERY = ackEvery(FLOW_FOCUSED_WINDOW);

export class DrainViewer {
  readonly ws: WebSocket;
  readonly offsets = new Map<number, number>();
  readonly opened: Promise<void>;
  onFrame: ((key: number, payload: Buffer) => void) | null = null;
  private pending = new Map<number, number>();

  constructor(s: BenchServer) {
    this.ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, {
      headers: { Cookie: `rozi_${s.port}=${s.token}` },
      origin: `http://127.0.0.1:${s.port}`,
    });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.on('message', (data: Buffer, isBinary) => {
      if (!isBinary) return;
      const key = data.readUInt32BE(1);
      const offset = data.readDoubleBE(5);
      const payload = data.subarray(13);
      this.offsets.set(key, offset + payload.length);
      this.onFrame?.(key, payload);
      const n = (this.pending.get(key) ?? 0) + payload.length;
      if (n >= ACK_EVERY) {
        this.ws.send(JSON.stringify({ t: 'ack', key, bytes: n }));
        this.pending.set(key, 0);
      } else this.pending.set(key, n);
    });
  }

  attach(key: number, since?: number): void {
    this.ws.send(JSON.stringify({ t: 'attach', key, cols: 120, rows: 40, since }));
  }

  close(): void {
    this.ws.close();
  }
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export function printTable(title: string, headers: string[], rows: Array<Array<string | number>>): void {
  const cells = rows.map((r) => r.map(String));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  console.log(`\n${title}`);
  console.log(headers.map((h, i) => h.padEnd(widths[i] as number)).join(' | '));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of cells) console.log(r.map((c, i) => c.padEnd(widths[i] as number)).join(' | '));
}

export async function until(
  probe: () => boolean | Promise<boolean>,
  timeoutMs = 120_000,
  everyMs = 2,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('bench: timed out');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
