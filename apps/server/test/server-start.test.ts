// What `rozi server` prints: on stdout a short block ending with the URL as the last line (people
// read it, scripts parse it); every log line, Next.js's own included, on stderr. ROZI_PORT sets
// the default port. Serves the built web app (scripts/test.sh builds before the tests run).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, makeHome, removeHome, runCli, waitFor } from './harness';

const home = makeHome();
afterAll(() => removeHome(home.home));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

describe('rozi server output', () => {
  it('prints the startup block with the URL last on stdout, Next.js chatter on stderr', async () => {
    const built = fileURLToPath(new URL('../../web/.next/BUILD_ID', import.meta.url));
    expect(existsSync(built), 'apps/web must be built first (npm run build)').toBe(true);
    const port = await freePort();
    const proc = spawn(process.execPath, [BIN, 'server'], {
      env: { ...home.env, ROZI_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    proc.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    try {
      await waitFor(
        'the URL',
        () => {
          if (proc.exitCode !== null) throw new Error(`server exited: ${err}`);
          return out.includes('?token=');
        },
        60_000,
      );
      const lines = out.trimEnd().split('\n');
      const url = new URL(lines.at(-1) as string);
      expect(url.origin).toBe(`http://127.0.0.1:${port}`);
      expect(url.searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
      expect(out).toContain(`control socket  ${home.env.ROZI_SOCKET}`);
      expect(out).toContain(`${home.home}/.config/rozi/config.toml`);
      expect(out).toMatch(new RegExp(`kill ${proc.pid}\\b`));
      expect(out).not.toMatch(/next\.config|✓|Next\.js/);
      // Next's own log line reaches the server log instead, and nothing logs the token.
      expect(err).toContain('next.config');
      expect(err).not.toContain(url.searchParams.get('token'));
      // The page answers (the block names a working server, not a half-started one).
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { Authorization: `Bearer ${url.searchParams.get('token')}` },
      });
      expect(res.status).toBe(200);
      // Nothing more arrives on stdout after the URL while the server runs.
      const before = out;
      await new Promise((r) => setTimeout(r, 300));
      expect(out).toBe(before);
    } finally {
      proc.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    expect(out.trimEnd().split('\n').at(-1)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
  }, 90_000);

  it('a bad ROZI_PORT is a usage error naming it', async () => {
    const r = await runCli({ ...home.env, ROZI_PORT: 'abc' }, ['server', '--no-web']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe("rozi: ROZI_PORT must be an integer 0–65535, got 'abc'");
  });
});
