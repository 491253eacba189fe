// Request input that must never throw in a handler: malformed cookies, request targets, redirect
// paths, WebSocket frames and control-socket lines. Each is answered with a clear refusal at
// once, and the server keeps serving (the same server answers the next case).
import { expect, it } from 'vitest';
import type { TestServer } from '../harness';
import { startServerForFile } from '../fileServer';
import { controlLines, rawHttp, wsFrames } from './rawClients';

let s: TestServer;
startServerForFile((started) => (s = started));

const host = () => `Host: 127.0.0.1:${s.port}`;

async function stillServing(): Promise<void> {
  expect(s.proc.exitCode).toBe(null);
  const ok = await rawHttp(
    s.port,
    `GET /trpc/workspace.get HTTP/1.1\r\n${host()}\r\nAuthorization: Bearer ${s.token}`,
  );
  expect(ok.status).toBe(200);
}

it('A11 a malformed cookie (rozi_<port>=%) is refused at once, not a hang or a crash', async () => {
  for (const value of ['%', '%E0%A4%A', '%zz', `${s?.token ?? ''}%`]) {
    const r = await rawHttp(
      s.port,
      `GET /trpc/workspace.get HTTP/1.1\r\n${host()}\r\nCookie: rozi_${s.port}=${value}`,
    );
    expect(r.timedOut).toBe(false);
    expect(r.status).toBe(401);
    const page = await rawHttp(s.port, `GET / HTTP/1.1\r\n${host()}\r\nCookie: rozi_${s.port}=${value}`);
    expect(page.status).toBe(401);
  }
  await stillServing();
});

it('A12 a request target that is no URL is answered 400', async () => {
  for (const target of ['http://[', 'http://a:b:c/', '//[::1']) {
    const r = await rawHttp(
      s.port,
      `GET ${target} HTTP/1.1\r\n${host()}\r\nAuthorization: Bearer ${s.token}`,
    );
    expect(r.timedOut).toBe(false);
    expect([400, 404]).toContain(r.status);
  }
  await stillServing();
});

it('A10 the token exchange never redirects off this origin', async () => {
  for (const path of [
    '/.//attacker.example/',
    '//attacker.example/',
    '/\\attacker.example/',
    '/%2F/attacker.example',
  ]) {
    const r = await rawHttp(s.port, `GET ${path}?token=${s.token} HTTP/1.1\r\n${host()}`);
    expect(r.status).toBe(302);
    const location = /\r\nLocation: ([^\r]*)/i.exec(r.text)?.[1] ?? '';
    // A same-origin path: one leading slash, then no slash or backslash (no scheme-relative URL).
    expect(location, path).toMatch(/^\/(?![/\\])/);
    expect(new URL(location, 'http://127.0.0.1/').host).toBe('127.0.0.1');
  }
  await stillServing();
});

it('T01 WebSocket text frames that are not protocol messages get an error reply', async () => {
  const frames = [
    'null',
    '42',
    '"attach"',
    '[]',
    'true',
    '{"t":"attach","key":{"x":1}}',
    '{"t":"ack","key":1,"bytes":"1e309"}',
    '{"t":"input","key":1,"data":{"toString":1}}',
    '{"t":"resize","key":1,"cols":1e9,"rows":-1}',
    'not json',
  ];
  const replies = (await wsFrames(s, frames)) as { t: string }[];
  const errors = replies.filter((m) => m.t === 'error');
  expect(errors.length).toBeGreaterThanOrEqual(6);
  await stillServing();
});

it('T03 control-socket lines that are not requests get an error reply, prototype paths included', async () => {
  const sock = s.env.ROZI_SOCKET as string;
  const lines = [
    'null',
    '42',
    '"x"',
    '[]',
    '{"id":1,"path":"constructor","input":"return 1"}',
    '{"id":2,"path":"__proto__.constructor","input":"return process.exit(9)"}',
    '{"id":3,"path":"workspace.get.call"}',
    '{"id":4,"path":"toString"}',
    '{"id":{"a":1},"path":"workspace.get"}',
  ];
  const replies = (await controlLines(sock, lines, lines.length)).map(
    (l) => JSON.parse(l) as { ok?: boolean; error?: { code: string } },
  );
  expect(replies).toHaveLength(lines.length);
  for (const r of replies) expect(r.ok, JSON.stringify(r)).toBe(false);
  await stillServing();
});
