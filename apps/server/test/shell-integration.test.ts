// Shell integration against a real server and real bash panes: the injected --rcfile emits OSC 133
// and OSC 7, capture-pane --last-output returns the last command's output, the pane cwd follows
// OSC 7 before /proc, [shell_integration] mode = "off" leaves bash untouched, and bad or missing
// marks degrade to today's behaviour without an error anywhere but the one asked question.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaneCapture } from '../src/session/capture';
import type { PaneInfo } from '../src/session/model';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';

let s: TestServer;
let configFile: string;

beforeAll(async () => {
  const home = makeHome();
  const dir = join(home.home, '.config', 'rozi');
  mkdirSync(dir, { recursive: true });
  configFile = join(dir, 'config.toml');
  s = await startServer({ home });
});

afterAll(async () => {
  expect(await s.stop()).toBe(0);
  removeHome(s.home);
});

const capture = (target: number, extra: object = {}) =>
  s.call<PaneCapture>('panes.capture', { target, ...extra });
const lastOutput = (target: number) => capture(target, { scrollback: 'last-output' });
const pane = async (id: number) => (await s.call<PaneInfo[]>('panes.list')).find((p) => p.id === id);
const type = (target: number, line: string) => s.call('panes.sendKeys', { target, keys: [line, 'Enter'] });
const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, -1); // NUL-terminated

/** Runs `line` in pane `target` and waits for its output (marked by an end tag the line prints). */
async function run(target: number, line: string, tag: string): Promise<PaneCapture> {
  await type(target, `${line}; echo ${tag}-\${?}`);
  return waitFor(`the output of ${tag}`, async () => {
    const c = await lastOutput(target).catch(() => null);
    return c && c.lines.some((l) => l.includes(`${tag}-`)) ? c : null;
  });
}

describe('shell integration', () => {
  it('starts bash with the generated --rcfile and writes the scripts under ~/.cache/rozi', async () => {
    const p = await waitFor('pane 1', () => pane(1));
    expect(cmdline(p.pid as number)).toEqual(['/bin/bash', '--rcfile', expect.stringMatching(/bashrc$/)]);
    const dir = join(s.home, '.cache', 'rozi', 'shell-integration');
    expect(readFileSync(join(dir, 'rozi.bash'), 'utf8')).toContain('133;A');
    expect(readFileSync(join(dir, 'zsh', '.zshenv'), 'utf8')).toContain('ROZI_SI_ZDOTDIR');
    expect(readFileSync(join(dir, 'fish', 'fish', 'vendor_conf.d', 'rozi.fish'), 'utf8')).toContain('133;D');
  });

  it('captures the last finished command output with its exit status', async () => {
    const c = await run(1, `printf 'one\\ntwo  two\\n'; (exit 3)`, 'first');
    expect(c.lines).toEqual(['one', 'two  two', 'first-3']);
    expect(c.exitCode).toBe(0);
    const failing = await run(1, 'ls /no/such/dir', 'second');
    expect(failing.lines[0]).toContain('/no/such/dir');
    expect(failing.lines.at(-1)).toBe('second-2');
  });

  it('joins a soft-wrapped line and keeps a last line without a newline', async () => {
    const long = 'x'.repeat(200);
    const c = await run(1, `printf '${long}\\n'; printf tail`, 'third');
    expect(c.lines[0]).toBe(long);
    expect(c.lines.at(-1)).toBe('tailthird-0');
  });

  it('prints it from the CLI as text and as JSON', async () => {
    await run(1, 'echo cli-check', 'fourth');
    const text = await runCli(s.env, ['capture-pane', '--target', '1', '--last-output', '--format', 'text']);
    expect(text.code).toBe(0);
    expect(text.stdout).toBe('cli-check\nfourth-0\n');
    const json = await runCli(s.env, ['capture-pane', '-t', '1', '--last-output', '--format', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: true,
      data: { lines: ['cli-check', 'fourth-0'], exitCode: 0 },
    });
    const both = await runCli(s.env, ['capture-pane', '--last-output', '--scrollback', '5']);
    expect(both.code).toBe(2);
    expect(both.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('takes the pane cwd from OSC 7 and ignores reports it cannot use', async () => {
    const dir = join(s.home, 'work dir');
    mkdirSync(dir);
    await type(1, `cd '${dir}'`);
    await waitFor('cwd from OSC 7', async () => (await pane(1))?.cwd === dir);
    // A command pane (no integration) whose program reports a directory /proc does not show.
    const split = await s.call<{ pane: PaneInfo }>('panes.split', {
      target: 1,
      command: `printf '\\033]7;file://localhost/etc\\007'; sleep 60`,
      cwd: s.home,
    });
    const id = split.pane.id;
    await waitFor('cwd /etc from OSC 7', async () => (await pane(id))?.cwd === '/etc');
    // A path that does not exist, another host, a broken escape, a truncated and a 1 MB report:
    // the pane keeps a real directory (the last good report or /proc), and nothing fails.
    for (const bad of [
      `printf '\\033]7;file://localhost/no/such/dir\\007'`,
      `printf '\\033]7;file://elsewhere.example/tmp\\007'`,
      `printf '\\033]7;file:///tmp/%%zz\\007'`,
      `printf '\\033]7;file:///tm'`,
      `head -c 1048576 /dev/zero | tr '\\0' a | sed 's/^/\\x1b]7;file:\\/\\/\\//; s/$/\\x07/'`,
    ]) {
      await type(1, bad);
    }
    const c = await run(1, 'echo after-bad', 'fifth');
    expect(c.lines).toEqual(['after-bad', 'fifth-0']);
    expect((await pane(1))?.cwd).toBe(dir);
    await s.call('panes.kill', { target: id });
  });

  it('survives truncated, nested and 1 MB OSC 133 sequences', async () => {
    const big = await run(
      1,
      `head -c 1048576 /dev/zero | tr '\\0' D | sed 's/^/\\x1b]133;/; s/$/\\x07/'`,
      'big',
    );
    expect(big.lines.at(-1)).toBe('big-0');
    // A mark inside a mark: the outer one is cut short by the inner's ESC, and the inner D is a
    // real (forged) end that closes this command early, with its status.
    await type(1, `printf '\\033]133;\\033]133;D;1\\007\\007'; echo nested-done`);
    await waitFor('the nested marks', async () => (await capture(1)).lines.includes('nested-done'));
    expect((await lastOutput(1)).exitCode).toBe(1);
    // An exit status out of range ends the command with an unknown status, not a wrong one.
    await type(1, `printf '\\033]133;D;99999999999\\007'; echo huge-done`);
    await waitFor('the huge status', async () => (await capture(1)).lines.includes('huge-done'));
    expect((await lastOutput(1)).exitCode).toBeNull();
    await type(1, `printf '\\033]133;'`);
    const c = await run(1, 'echo still-marked', 'sixth');
    expect(c.lines).toEqual(['still-marked', 'sixth-0']);
  });

  it('answers one line when a pane has no marks, and "off" leaves bash untouched', async () => {
    const plain = await s.call<{ pane: PaneInfo }>('panes.split', {
      target: 1,
      argv: ['bash', '--norc', '-i'],
    });
    const r = await runCli(s.env, ['capture-pane', '-t', String(plain.pane.id), '--last-output']);
    expect(r.code).not.toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('shell integration');
    await s.call('panes.kill', { target: plain.pane.id });

    writeFileSync(configFile, '[shell_integration]\nmode = "off"\n');
    const off = await s.call<{ pane: PaneInfo }>('panes.split', { target: 1 });
    expect(cmdline(off.pane.pid as number)).toEqual(['/bin/bash']);
    await type(off.pane.id, 'echo off-pane');
    await waitFor('the echo', async () => (await capture(off.pane.id)).lines.some((l) => l === 'off-pane'));
    await expect(lastOutput(off.pane.id)).rejects.toThrow(/shell integration/);
    await s.call('panes.kill', { target: off.pane.id });

    writeFileSync(configFile, '[shell_integration]\nmode = "sometimes"\n');
    const bad = await s.call<{ pane: PaneInfo }>('panes.split', { target: 1 });
    expect(cmdline(bad.pane.pid as number)[1]).toBe('--rcfile');
    await waitFor('the warning', () => s.stderr().includes('mode must be "auto" or "off"'));
    await s.call('panes.kill', { target: bad.pane.id });
  });
});
