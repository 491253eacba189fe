// wetty, the peer the browser benches compare against: installed once into a temp directory
// (outside the repo; npm registry only) and started on a free loopback port with bash, in a HOME
// of its own. bench/web-terminal.mjs and bench/echo-split.mjs both start it here.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const WETTY_VERSION = '3.2.0';

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers below 500; throws after `ms`. */
export async function waitHttp(url, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** wetty's main.js: from `given` (an install directory), else installed into the temp directory. */
function ensureWetty(given) {
  const dir = given ?? join(tmpdir(), `rozi-bench-wetty-${WETTY_VERSION}`);
  const main = join(dir, 'node_modules', 'wetty', 'build', 'main.js');
  if (existsSync(main)) return main;
  if (given) throw new Error(`no wetty in ${given}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"name":"wetty-peer","private":true}\n');
  console.error(`bench: installing wetty@${WETTY_VERSION} into ${dir} (outside the repo)`);
  execFileSync('npm', ['install', `wetty@${WETTY_VERSION}`, '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: 'inherit',
  });
  return main;
}

/** A running wetty serving bash: its URL, and dispose() ending it and its HOME. */
export async function startWetty(given = null) {
  const main = ensureWetty(given ?? undefined);
  const port = await freePort();
  const home = mkdtempSync(join(tmpdir(), 'rozi-bench-wetty-home-'));
  const child = spawn(
    process.execPath,
    [main, '--host', '127.0.0.1', '--port', String(port), '--base', '/', '--command', 'bash'],
    {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        LANG: 'C.UTF-8',
        TERM: 'xterm-256color',
        SHELL: '/bin/bash',
      },
      stdio: 'ignore',
      detached: true,
    },
  );
  const url = `http://127.0.0.1:${port}/`;
  await waitHttp(url, 30_000);
  return {
    url,
    dispose: async () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      rmSync(home, { recursive: true, force: true });
    },
  };
}
