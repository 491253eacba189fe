// Shell integration in real zsh and fish panes (Debian's zsh and fish; scripts/test.sh installs
// them): the ZDOTDIR shim and the XDG_DATA_DIRS vendor entry load the integration after the
// user's own startup files, which stay as they were; the OSC 133 marks give capture-pane
// --last-output with the command's exit status, and OSC 7 the pane cwd, spaces and non-ASCII
// names included. bash has its own file (shell-integration.test.ts).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaneCapture } from '../src/session/capture';
import type { PaneInfo } from '../src/session/model';
import { makeHome, removeHome, startServer, waitFor, type TestServer } from './harness';

let s: TestServer;
let configFile: string;
const rc = {
  zsh: { file: '.zshrc', text: 'export FROM_USER_RC=zsh-rc\nPS1="z%# "\n' },
  fish: { file: join('.config', 'fish', 'config.fish'), text: 'set -gx FROM_USER_RC fish-rc\n' },
} as const;

/** The shell's path, or a one-line failure saying how to get it (never a skip). */
function shellPath(name: 'zsh' | 'fish'): string {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      `${name} is not installed: scripts/test.sh installs Debian's zsh and fish (apt-get install zsh fish)`,
    );
  }
}

beforeAll(async () => {
  const home = makeHome();
  const dir = join(home.home, '.config', 'rozi');
  mkdirSync(dir, { recursive: true });
  mkdirSync(join(home.home, '.config', 'fish'), { recursive: true });
  for (const r of Object.values(rc)) writeFileSync(join(home.home, r.file), r.text);
  configFile = join(dir, 'config.toml');
  s = await startServer({ home });
});

afterAll(async () => {
  expect(await s.stop()).toBe(0);
  removeHome(s.home);
});

const lastOutput = (target: number) =>
  s.call<PaneCapture>('panes.capture', { target, scrollback: 'last-output' });
const pane = async (id: number) => (await s.call<PaneInfo[]>('panes.list')).find((p) => p.id === id);
const type = (target: number, line: string) => s.call('panes.sendKeys', { target, keys: [line, 'Enter'] });

describe.each([
  { name: 'zsh' as const, status: '$?' },
  { name: 'fish' as const, status: '$status' },
])('shell integration in $name', ({ name, status }) => {
  let id = 0;

  /** Runs `line` and waits for its output, ended by a tag carrying the last status. */
  async function run(line: string, tag: string): Promise<PaneCapture> {
    await type(id, `${line}; echo ${tag}-${status}`);
    return waitFor(`the output of ${tag} in ${name}`, async () => {
      const c = await lastOutput(id).catch(() => null);
      return c && c.lines.some((l) => l.includes(`${tag}-`)) ? c : null;
    });
  }

  it('starts as the pane shell after the user’s own startup file, which stays unedited', async () => {
    writeFileSync(configFile, `shell = "${shellPath(name)}"\n`);
    const split = await s.call<{ pane: PaneInfo }>('panes.split', { target: 1, cwd: s.home });
    id = split.pane.id;
    const c = await run('echo "$FROM_USER_RC"', `${name}-rc`);
    expect(c.lines).toEqual([`${name}-rc`, `${name}-rc-0`]);
    expect(readFileSync(join(s.home, rc[name].file), 'utf8')).toBe(rc[name].text);
    const comm = readFileSync(`/proc/${(await pane(id))?.pid}/comm`, 'utf8').trim();
    expect(comm).toBe(name);
  });

  it('captures the last command’s output and its exit status', async () => {
    const c = await run(`printf 'one\\ntwo  two\\n'; false`, `${name}-out`);
    expect(c.lines).toEqual(['one', 'two  two', `${name}-out-1`]);
    await type(id, 'ls /no/such/dir');
    const failed = await waitFor(`the failed ls in ${name}`, async () => {
      const f = await lastOutput(id).catch(() => null);
      return f && f.lines.some((l) => l.includes('/no/such/dir')) ? f : null;
    });
    expect(failed.exitCode).toBe(2);
  });

  it('follows cd into a directory with spaces and a non-ASCII name (OSC 7, /proc without it)', async () => {
    const dir = join(s.home, `${name} dir é`);
    mkdirSync(dir);
    await type(id, `cd '${dir}'`);
    await waitFor(`cwd from OSC 7 in ${name}`, async () => (await pane(id))?.cwd === dir);
    await s.call('panes.kill', { target: id });
  });
});
