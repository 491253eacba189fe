// The security model of DESIGN.md, case by case, against a real server: Host allow-list,
// Origin rules on upgrades and mutations, content-type on mutations, token → cookie exchange,
// no CORS, file modes, and the token kept out of logs.
import { request } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { appRouter } from '../src/api/router';
import type { ServerServices } from '../src/api/context';
import type { TestServer } from './harness';
import { startServerForFile } from './fileServer';

let s: TestServer;
startServerForFile((started) => (s = started));

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function http(o: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: s.port, method: o.method ?? 'GET', path: o.path, headers: o.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

const cookie = () => `rozi_${s.port}=${s.token}`;
const host = () => `127.0.0.1:${s.port}`;
const mutation = '/trpc/notify';
const body = JSON.stringify({ message: 'hello' });

function upgrade(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(-1));
  });
}

describe('Host allow-list (DNS rebinding)', () => {
  for (const bad of [
    'attacker.example',
    'localhost6',
    '127.0.0.1.nip.io',
    `127.0.0.1.nip.io:PORT`,
    '127.0.0.1:1',
    'localhost:1',
  ]) {
    it(`refuses Host ${bad} on pages, /trpc and upgrades`, async () => {
      const h = bad.replace('PORT', String(s.port));
      expect((await http({ path: '/', headers: { Host: h, Cookie: cookie() } })).status).toBe(403);
      expect(
        (await http({ path: '/trpc/workspace.get', headers: { Host: h, Cookie: cookie() } })).status,
      ).toBe(403);
      expect((await http({ path: `/?token=${s.token}`, headers: { Host: h } })).status).toBe(403);
      expect(await upgrade({ Host: h, Cookie: cookie(), Origin: `http://${h}` })).toBe(403);
    });
  }

  it('accepts 127.0.0.1, localhost and [::1] on the right port', async () => {
    for (const h of [`127.0.0.1:${s.port}`, `localhost:${s.port}`, `[::1]:${s.port}`]) {
      expect(
        (await http({ path: '/trpc/workspace.get', headers: { Host: h, Cookie: cookie() } })).status,
      ).toBe(200);
    }
  });
});

describe('token exchange', () => {
  it('turns ?token= into an HttpOnly SameSite=Strict cookie and strips it by redirect', async () => {
    const r = await http({ path: `/some/page?x=1&token=${s.token}`, headers: { Host: host() } });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/some/page?x=1');
    const set = String(r.headers['set-cookie']);
    expect(set).toContain(`rozi_${s.port}=${s.token}`);
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Strict');
  });

  it('rejects a wrong token and requests without any', async () => {
    expect((await http({ path: '/?token=nope', headers: { Host: host() } })).status).toBe(401);
    expect((await http({ path: '/', headers: { Host: host() } })).status).toBe(401);
    expect((await http({ path: '/trpc/workspace.get', headers: { Host: host() } })).status).toBe(401);
    expect(
      (
        await http({
          path: '/trpc/workspace.get',
          headers: { Host: host(), Cookie: `rozi_${s.port}=${'0'.repeat(64)}` },
        })
      ).status,
    ).toBe(401);
  });

  it('accepts the token as a cookie or a bearer header', async () => {
    expect(
      (await http({ path: '/trpc/workspace.get', headers: { Host: host(), Cookie: cookie() } })).status,
    ).toBe(200);
    expect(
      (
        await http({
          path: '/trpc/workspace.get',
          headers: { Host: host(), Authorization: `Bearer ${s.token}` },
        })
      ).status,
    ).toBe(200);
  });
});

describe('WebSocket upgrade: Origin and auth on the raw upgrade', () => {
  it('refuses a foreign Origin, even with the cookie', async () => {
    expect(await upgrade({ Cookie: cookie(), Origin: 'http://attacker.example' })).toBe(403);
    expect(await upgrade({ Cookie: cookie(), Origin: `http://localhost:${s.port + 1}` })).toBe(403);
  });

  it('refuses Origin: null and a missing Origin without the bearer token', async () => {
    expect(await upgrade({ Cookie: cookie(), Origin: 'null' })).toBe(403);
    expect(await upgrade({ Cookie: cookie() })).toBe(403);
  });

  it('refuses our Origin without the cookie', async () => {
    expect(await upgrade({ Origin: s.origin })).toBe(401);
  });

  it('accepts our Origin with the cookie, and a missing Origin with the bearer token', async () => {
    expect(await upgrade({ Cookie: cookie(), Origin: s.origin })).toBe(101);
    expect(await upgrade({ Authorization: `Bearer ${s.token}` })).toBe(101);
  });
});

describe('mutations', () => {
  const json = { 'Content-Type': 'application/json' };

  it('accept our Origin with the cookie', async () => {
    const r = await http({
      method: 'POST',
      path: mutation,
      headers: { Host: host(), Cookie: cookie(), Origin: s.origin, ...json },
      body,
    });
    expect(r.status).toBe(200);
  });

  it('refuse a foreign Origin even with the cookie or the token', async () => {
    expect(
      (
        await http({
          method: 'POST',
          path: mutation,
          headers: { Host: host(), Cookie: cookie(), Origin: 'http://attacker.example', ...json },
          body,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await http({
          method: 'POST',
          path: mutation,
          headers: {
            Host: host(),
            Authorization: `Bearer ${s.token}`,
            Origin: 'http://attacker.example',
            ...json,
          },
          body,
        })
      ).status,
    ).toBe(403);
  });

  it('refuse Origin: null and a missing Origin with only the cookie; accept them with the bearer token', async () => {
    expect(
      (
        await http({
          method: 'POST',
          path: mutation,
          headers: { Host: host(), Cookie: cookie(), Origin: 'null', ...json },
          body,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await http({
          method: 'POST',
          path: mutation,
          headers: { Host: host(), Cookie: cookie(), ...json },
          body,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await http({
          method: 'POST',
          path: mutation,
          headers: { Host: host(), Authorization: `Bearer ${s.token}`, ...json },
          body,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await http({
          method: 'POST',
          path: mutation,
          headers: { Host: host(), Authorization: `Bearer ${s.token}`, Origin: 'null', ...json },
          body,
        })
      ).status,
    ).toBe(200);
  });

  it('refuse form-encoded and text/plain bodies (what a cross-site form can send)', async () => {
    for (const type of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      const r = await http({
        method: 'POST',
        path: mutation,
        headers: { Host: host(), Cookie: cookie(), Origin: s.origin, 'Content-Type': type },
        body,
      });
      expect(r.status).toBe(415);
    }
  });

  it('send no CORS headers, also not to a preflight', async () => {
    const pre = await http({
      method: 'OPTIONS',
      path: mutation,
      headers: { Host: host(), Origin: 'http://attacker.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(pre.status).toBeGreaterThanOrEqual(400);
    const ok = await http({ path: '/trpc/workspace.get', headers: { Host: host(), Cookie: cookie() } });
    for (const r of [pre, ok])
      expect(Object.keys(r.headers).filter((k) => k.startsWith('access-control-'))).toEqual([]);
  });
});

describe('procedures check the caller themselves', () => {
  it('an unauthenticated caller is refused inside the procedure, not only by the gate', async () => {
    // No subsystem is reachable: the procedure must refuse before it touches any.
    const caller = appRouter.createCaller({
      ...({} as ServerServices),
      caller: { ok: false, reason: 'no token' },
    });
    await expect(caller.workspace.get()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('files and logs', () => {
  it('keeps the token file 0600 and the control socket 0600 in a 0700 directory', () => {
    const tokenFile = join(s.home, '.local/state/rozi/token');
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(tokenFile, 'utf8').trim()).toBe(s.token);
    const sock = s.env.ROZI_SOCKET as string;
    expect(statSync(sock).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(sock)).mode & 0o777).toBe(0o700);
  });

  it('never logs the token (stderr and the state dir besides the token file)', async () => {
    // Cause some logged activity first: failed auth, a bad token, a shutdown line is checked by other suites.
    await http({ path: `/?token=${s.token.slice(0, 10)}`, headers: { Host: host() } });
    expect(s.stderr()).not.toContain(s.token);
    expect(s.stdout().split(s.token).length - 1).toBe(1);
    const stateDir = join(s.home, '.local/state/rozi');
    for (const f of readdirSync(stateDir, { recursive: true }) as string[]) {
      const path = join(stateDir, f);
      if (f === 'token' || !statSync(path).isFile()) continue;
      expect(readFileSync(path, 'utf8')).not.toContain(s.token);
    }
  });
});
