// The PTY backend on real pseudo-terminals and real children: it reads node-pty's master itself
// (nodePtyBackend.ts), so the ordering node-pty guaranteed is checked here.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PtyExit, PtyProcess } from './backend';
import { nodePtyBackend } from './nodePtyBackend';

function run(
  script: string,
  readInto?: () => Buffer,
): { pty: PtyProcess; out: Buffer[]; exit: Promise<PtyExit> } {
  const pty = nodePtyBackend.spawn({
    file: 'sh',
    args: ['-c', script],
    cwd: tmpdir(),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm-256color' },
    cols: 80,
    rows: 24,
    readInto,
  });
  const out: Buffer[] = [];
  // Chunks are the backend's read buffer: copied, as a listener must.
  pty.onData((d) => out.push(Buffer.from(d)));
  const exit = new Promise<PtyExit>((resolve) => pty.onExit(resolve));
  return { pty, out, exit };
}

const text = (out: Buffer[]) => Buffer.concat(out).toString('latin1');

describe('nodePtyBackend', () => {
  it('reads every byte a child writes before it reports the exit, with its code', async () => {
    const { out, exit } = run("stty raw -echo; head -c 1000000 /dev/zero | tr '\\0' a; printf END; exit 7");
    const e = await exit;
    expect(e).toEqual({ code: 7, signal: null });
    const all = text(out);
    expect(all.length).toBe(1_000_003);
    expect(all.endsWith('END')).toBe(true);
  });

  it('keeps the last output of a child that writes right up to its exit (libuv ends at the hang-up)', async () => {
    // Without reading on after the hang-up, about half of these runs lost the last 2–11 KB.
    for (let i = 0; i < 10; i++) {
      const { out, exit } = run("stty raw -echo; head -c 200000 /dev/zero | tr '\\0' b; exit 0");
      await exit;
      expect(Buffer.concat(out).length).toBe(200_000);
    }
  });

  it("reads a paused terminal's last output once its program exits", async () => {
    const { pty, out, exit } = run(
      "stty raw -echo; echo ready; sleep 0.3; head -c 6000 /dev/zero | tr '\\0' x; exit 0",
    );
    while (!text(out).includes('ready')) await new Promise((r) => setTimeout(r, 10));
    // Paused as a pane whose viewers fell behind is; 6 KB fit in the kernel's buffers (a terminal holds ~12 KiB).
    pty.pause();
    expect((await exit).code).toBe(0);
    expect(text(out).split('x').length - 1).toBe(6_000);
  });

  it('reports the exit soon although a background job still holds the terminal', async () => {
    const started = Date.now();
    const { exit } = run('sleep 5 & exit 2');
    expect((await exit).code).toBe(2);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('gives 128 + the signal for a child ended by one', async () => {
    const { pty, out, exit } = run('echo ready; sleep 30');
    while (!text(out).includes('ready')) await new Promise((r) => setTimeout(r, 10));
    pty.kill('SIGTERM');
    expect(await exit).toEqual({ code: 143, signal: 15 });
  });

  it('writes large input whole and in order although the terminal fills (EAGAIN)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'rozi-pty-')), 'in');
    const { pty, out, exit } = run(`stty raw -echo; echo ready; head -c 300000 > '${file}'; exit 0`);
    while (!text(out).includes('ready')) await new Promise((r) => setTimeout(r, 10));
    const input = Buffer.from(Array.from({ length: 300_000 }, (_, i) => 33 + (i % 90)));
    // Several writes queued at once, one far bigger than the terminal's buffer.
    pty.write(input.subarray(0, 1000));
    pty.write(input.subarray(1000, 250_000).toString('latin1'));
    pty.write(input.subarray(250_000));
    expect((await exit).code).toBe(0);
    expect(readFileSync(file).equals(input)).toBe(true);
  });

  it('reads into the memory readInto gives, asked again after each read', async () => {
    const area = Buffer.alloc(1 << 20);
    let at = 0;
    const given: number[] = [];
    const { pty, out, exit } = run("stty raw -echo; head -c 200000 /dev/zero | tr '\\0' b; exit 0", () => {
      given.push(at);
      return area.subarray(at);
    });
    const views: Buffer[] = [];
    pty.onData((d) => {
      views.push(d);
      expect(d.buffer).toBe(area.buffer);
      expect(d.byteOffset).toBe(at);
      at += d.length;
    });
    await exit;
    expect(at).toBe(200_000);
    expect(area.subarray(0, at).equals(Buffer.concat(out))).toBe(true);
    expect(given.length).toBeGreaterThan(views.length);
  });

  it('stops reading while paused, so the child blocks, and reads the rest after resume', async () => {
    const { pty, out, exit } = run(
      "stty raw -echo; echo ready; sleep 0.3; head -c 2000000 /dev/zero | tr '\\0' c; exit 0",
    );
    while (!text(out).includes('ready')) await new Promise((r) => setTimeout(r, 10));
    pty.pause();
    await new Promise((r) => setTimeout(r, 1000));
    const whilePaused = Buffer.concat(out).length;
    // The kernel's buffers hold far less than the 2 MB the child has to write.
    expect(whilePaused).toBeLessThan(200_000);
    pty.resume();
    expect((await exit).code).toBe(0);
    expect(text(out).split('c').length - 1).toBe(2_000_000);
  });
});
