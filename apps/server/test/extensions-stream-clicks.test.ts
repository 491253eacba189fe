// Stream-tab clicks reach their producer (spec: Stream tabs, "read what the user did on stdout"):
// a real server, two real `rozi sidebar publish` processes of one extension on the same tab, and a
// click over the browser's own HTTP tRPC route. Only the producer whose row was clicked prints the
// JSON line; a producer that stops takes only its rows with it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';

interface Publisher {
  proc: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
}

const CLOCK = fileURLToPath(new URL('../../../examples/extensions/clock-sidebar', import.meta.url));

let server: TestServer;
/** Waits sized for a loaded 2-core box: each step spawns the real CLI (seconds at load 16-18). */
const LOADED_WAIT = 30_000;
let home: string;
const publishers: Publisher[] = [];

async function generation(): Promise<string> {
  const s = await server.call<{ extensions: { id: string; generation: string }[] }>('extensions.status', {});
  const g = s.extensions.find((e) => e.id === 'board-ext')?.generation;
  if (!g) throw new Error('board-ext is not loaded');
  return g;
}

/** A producer as an extension's service would run it: the real CLI with the extension's identity. */
async function publisher(name: string): Promise<Publisher> {
  const env = { ...server.env, ROZI_EXTENSION: 'board-ext', ROZI_EXTENSION_GENERATION: await generation() };
  const proc = spawn(process.execPath, [BIN, 'sidebar', 'publish', '--tab', 'board', '--name', name], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  proc.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const p = { proc, stdout: () => out, stderr: () => err };
  publishers.push(p);
  return p;
}

async function tabRows(): Promise<{ id: string | null; label: string }[]> {
  const tabs =
    await server.call<{ id: string; rows: { id: string | null; label: string }[] }[]>(
      'extensions.sidebarTabs',
    );
  return tabs.find((t) => t.id === 'board-ext.board')?.rows ?? [];
}

/** The browser's route: POST /trpc/extensions.sidebarClick with the server's token. */
async function click(
  row: { id: string | null; label: string },
  tab = 'board-ext.board',
): Promise<{ reported: boolean }> {
  const res = await fetch(`${server.origin}/trpc/extensions.sidebarClick`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ tab, row }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { data: { reported: boolean } } }).result.data;
}

beforeAll(async () => {
  const h = makeHome();
  home = h.home;
  server = await startServer({ home: h });
  const dir = join(home, 'board-ext');
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'extension.toml'),
    [
      '[extension]',
      'id = "board-ext"',
      'title = "Board"',
      'version = "0.1.0"',
      'api = 1',
      '',
      '[[sidebar_tabs]]',
      'name = "board"',
      'label = "Board"',
      'stream = true',
      '',
    ].join('\n'),
  );
  const r = await runCli(server.env, ['extensions', 'install', dir]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  await waitFor('board-ext loaded', () => generation(), LOADED_WAIT);
}, 60_000);

afterAll(async () => {
  for (const p of publishers) if (p.proc.exitCode === null) p.proc.kill('SIGKILL');
  await server?.stop();
  removeHome(home);
});

describe('stream tab clicks', () => {
  it("reports a click on a row as one JSON line on its producer's stdout, and only there", async () => {
    const alpha = await publisher('alpha');
    const beta = await publisher('beta');
    alpha.proc.stdin.write(JSON.stringify([{ id: 'a1', label: 'Alpha one' }, 'alpha plain']) + '\n');
    beta.proc.stdin.write(JSON.stringify({ rows: [{ id: 'b1', label: 'Beta one' }] }) + '\n');
    await waitFor('both producers rows', async () => (await tabRows()).length === 3, LOADED_WAIT);

    expect(await click({ id: 'a1', label: 'Alpha one' })).toMatchObject({ reported: true });
    await waitFor("alpha's click line", () => alpha.stdout().includes('\n'), LOADED_WAIT);
    expect(
      alpha
        .stdout()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([{ event: 'click', tab: 'board', row: { id: 'a1', label: 'Alpha one' } }]);

    // An id-less row is found by its label; beta's own row goes to beta alone.
    await click({ id: null, label: 'alpha plain' });
    await click({ id: 'b1', label: 'Beta one' });
    await waitFor("beta's click line", () => beta.stdout().includes('\n'), LOADED_WAIT);
    await waitFor("alpha's second line", () => alpha.stdout().trim().split('\n').length === 2, LOADED_WAIT);
    expect(JSON.parse(alpha.stdout().trim().split('\n')[1] as string)).toEqual({
      event: 'click',
      tab: 'board',
      row: { id: null, label: 'alpha plain' },
    });
    expect(
      beta
        .stdout()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([{ event: 'click', tab: 'board', row: { id: 'b1', label: 'Beta one' } }]);

    // A row nobody published is reported to no one.
    expect(await click({ id: 'zz', label: 'nobody' })).toMatchObject({ reported: false });
    expect(alpha.stdout().trim().split('\n')).toHaveLength(2);
    expect(alpha.stderr()).toBe('');
    expect(beta.stderr()).toBe('');
  });

  it('a producer that is killed takes only its rows with it; the other keeps hearing its clicks', async () => {
    const [alpha, beta] = publishers as [Publisher, Publisher];
    alpha.proc.kill('SIGKILL');
    await waitFor(
      "alpha's rows gone",
      async () => {
        const rows = await tabRows();
        return rows.length === 1 && rows[0]?.id === 'b1';
      },
      LOADED_WAIT,
    );
    expect(await click({ id: 'a1', label: 'Alpha one' })).toMatchObject({ reported: false });
    await click({ id: 'b1', label: 'Beta one' });
    await waitFor("beta's second line", () => beta.stdout().trim().split('\n').length === 2, LOADED_WAIT);
    beta.proc.stdin.end();
    await waitFor('beta exits at end of input', () => beta.proc.exitCode !== null, LOADED_WAIT);
    expect(beta.proc.exitCode).toBe(0);
    expect(await tabRows()).toEqual([]);
  });

  it('clock-sidebar: its service reads the click from its publisher and logs it', async () => {
    const r = await runCli(server.env, ['extensions', 'install', CLOCK]);
    expect(r.code).toBe(0);
    await waitFor(
      'clock rows',
      async () => {
        const tabs = await server.call<{ id: string; rows: unknown[] }[]>('extensions.sidebarTabs');
        return tabs.find((t) => t.id === 'clock-sidebar.clock')?.rows.length === 3;
      },
      LOADED_WAIT,
    );
    expect(await click({ id: 'pid', label: 'pid' }, 'clock-sidebar.clock')).toMatchObject({ reported: true });
    await waitFor(
      'the click in the service log',
      async () =>
        (
          await runCli(server.env, ['extensions', 'logs', 'clock-sidebar', '--unit', 'service.clock'])
        ).stdout.includes('clicked pid'),
      LOADED_WAIT,
    );
  });
});
