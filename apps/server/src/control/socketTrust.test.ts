import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkSocketTrust } from './socketTrust';

const root = mkdtempSync(join(tmpdir(), 'rozi-trust-'));
const me = process.getuid?.() ?? 0;
const OTHER = 65534;
const servers: Server[] = [];

async function socketIn(dir: string, mode: number): Promise<string> {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, mode);
  const path = join(dir, 'rozi.sock');
  const server = createServer();
  servers.push(server);
  await new Promise<void>((r) => server.listen(path, r));
  return path;
}

beforeAll(() => chmodSync(root, 0o700));
afterAll(() => {
  for (const s of servers) s.close();
  rmSync(root, { recursive: true, force: true });
});

it('trusts its own socket in a private directory, and in a sticky shared one', async () => {
  expect(checkSocketTrust(await socketIn(join(root, 'private'), 0o700))).toEqual({ ok: true });
  expect(checkSocketTrust(await socketIn(join(root, 'sticky'), 0o1777))).toEqual({ ok: true });
});

it('reports a missing socket as missing (the caller says no server)', () => {
  expect(checkSocketTrust(join(root, 'nothing', 'rozi.sock'))).toEqual({ ok: false, missing: true });
});

it('refuses a world-writable directory, another owner, a link and a plain file', async () => {
  const open = await socketIn(join(root, 'open'), 0o777);
  expect(checkSocketTrust(open)).toMatchObject({
    ok: false,
    why: expect.stringContaining('writable by others'),
  });

  const theirs = await socketIn(join(root, 'theirs'), 0o700);
  chownSync(theirs, OTHER, OTHER);
  expect(checkSocketTrust(theirs, me)).toMatchObject({
    ok: false,
    why: expect.stringContaining(`uid ${OTHER}`),
  });

  const theirDir = await socketIn(join(root, 'their-dir'), 0o755);
  chownSync(join(root, 'their-dir'), OTHER, OTHER);
  expect(checkSocketTrust(theirDir, me)).toMatchObject({
    ok: false,
    why: expect.stringContaining('directory'),
  });

  const link = join(root, 'private', 'link.sock');
  symlinkSync(join(root, 'private', 'rozi.sock'), link);
  expect(checkSocketTrust(link)).toMatchObject({ ok: false, why: expect.stringContaining('symbolic link') });
  expect(checkSocketTrust(join(root))).toMatchObject({
    ok: false,
    why: expect.stringContaining('not a socket'),
  });
});
