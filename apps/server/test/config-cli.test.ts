// `rozi config get/set/unset/keys/list/add/edit/remove/undo/bind/bindings` against a real server
// and a real config.toml (issue 18: everything works from the file, Settings and the CLI alike): every edit
// keeps the user's comments, a bad value or entry is refused in one line with the file byte for
// byte as it was, and undo puts the last edit back.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHome, removeHome, runCli, startServer, type TestServer } from './harness';

let server: TestServer;
let home: string;
let configFile: string;

const CONFIG = `# my rozi config: hand-written, keep my comments
shell = "/bin/sh" # the shell I like

# the look
[theme]
name = "dracula"

# build things
[[commands]]
id = "build" # make it
run = "make"
`;

/** Text for people unless the test asks for JSON (piped output is JSON by default). */
const cli = (...args: string[]) =>
  runCli(server.env, args[0] === '--format' ? args : ['--format', 'text', ...args]);
const file = () => readFileSync(configFile, 'utf8');

/** A refusal: exit 1, one line on stderr naming the problem, the file unchanged. */
async function refused(args: string[], says: RegExp): Promise<void> {
  const before = file();
  const r = await cli(...args);
  expect(r.code, `${args.join(' ')}: ${r.stdout}${r.stderr}`).toBe(1);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(says);
  expect(file()).toBe(before);
}

beforeAll(async () => {
  const h = makeHome();
  home = h.home;
  mkdirSync(join(home, '.config', 'rozi'), { recursive: true });
  configFile = join(home, '.config', 'rozi', 'config.toml');
  writeFileSync(configFile, CONFIG);
  mkdirSync(join(home, 'src'));
  server = await startServer({ home: h });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  removeHome(home);
});

describe('rozi config keys', () => {
  it('undo with nothing to undo says so', async () => {
    await refused(['config', 'undo'], /nothing to undo/);
  });

  it('sets, gets and unsets single keys with comments kept, and undo reverts', async () => {
    let r = await cli('config', 'set', 'scrollback', '8000');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/scrollback = 8000/);
    expect(file()).toBe(CONFIG.replace('# the shell I like\n', '# the shell I like\nscrollback = 8000\n'));
    r = await cli('config', 'get', 'scrollback');
    expect(r.stdout.trim()).toBe('8000');
    r = await cli('--format', 'json', 'config', 'get', 'theme.name');
    expect(JSON.parse(r.stdout)).toMatchObject({ key: 'theme.name', set: true, value: 'dracula' });

    for (const [key, value] of [
      ['pane.hold_on_exit', 'true'],
      ['environment.forward', 'GITHUB_TOKEN, AWS_PROFILE'],
      ['scratchpad.height', '0.5'],
      ['scratchpad.cwd', '~/src'],
      ['logging.max_bytes', '1000000'],
      ['cwd', '~/src'],
      ['shell', '/bin/bash'],
    ]) {
      r = await cli('config', 'set', key as string, value as string);
      expect(r.code, `${key}: ${r.stderr}`).toBe(0);
    }
    const text = file();
    expect(text).toContain('shell = "/bin/bash" # the shell I like');
    expect(text).toContain('# my rozi config: hand-written, keep my comments');
    expect(text).toContain('# build things\n[[commands]]\nid = "build" # make it');
    expect(text).toMatch(/\[environment\]\nforward = \[\s*"GITHUB_TOKEN", "AWS_PROFILE"\s*\]/);
    expect(text).toMatch(/\[scratchpad\]\nheight = 0.5\ncwd = "~\/src"/);
    r = await cli('config', 'get', 'environment.forward');
    expect(r.stdout.trim()).toBe('["GITHUB_TOKEN", "AWS_PROFILE"]');

    // Undo: the latest edit (shell) goes back byte for byte.
    const beforeShell = text.replace('shell = "/bin/bash"', 'shell = "/bin/sh"');
    r = await cli('config', 'undo');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/undone: Set shell/);
    expect(file()).toBe(beforeShell);

    r = await cli('config', 'unset', 'scrollback');
    expect(r.code, r.stderr).toBe(0);
    expect(file()).not.toContain('scrollback');
    r = await cli('config', 'get', 'scrollback');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/scrollback is not set in config.toml \(the default applies\)/);
  });

  it('refuses bad values and keys in one line, the file unchanged', async () => {
    await refused(['config', 'set', 'scrollback', 'lots'], /scrollback is a whole number, got "lots"/);
    await refused(
      ['config', 'set', 'scrollback', '0'],
      /scrollback must be a whole number from 1 to 1000000/,
    );
    await refused(['config', 'set', 'cwd', '/no/such/dir'], /cwd must be a directory on this machine/);
    await refused(['config', 'set', 'pane.hold_on_exit', 'maybe'], /pane.hold_on_exit is true or false/);
    await refused(['config', 'set', 'theme.name', 'no-such-theme'], /no theme named "no-such-theme"/);
    await refused(['config', 'set', 'scratchpad.height', '2'], /scratchpad.height is a share of the screen/);
    await refused(['config', 'set', 'environment.forward', 'A-B'], /"A-B" is not one/);
    await refused(['config', 'set', 'nonsense', '1'], /config.toml has no key "nonsense"/);
    await refused(['config', 'set', 'commands.id', 'x'], /belongs to \[\[commands\]\] entries/);
    await refused(['config', 'set', 'pane.titlebar', 'true'], /not set this way: the browser draws/);
    const r = await cli('config', 'set', 'scrollback');
    expect(r.code).toBe(2);
  });

  it('lists the keys it can set with their values', async () => {
    const r = await cli('--format', 'json', 'config', 'keys');
    const rows = JSON.parse(r.stdout) as { key: string; type: string; value: unknown }[];
    const by = new Map(rows.map((x) => [x.key, x]));
    expect(by.get('theme.name')).toEqual({ key: 'theme.name', type: 'string', value: 'dracula' });
    expect(by.get('logging.max_bytes')).toMatchObject({ type: 'int', value: 1000000 });
    expect(by.get('scrollback')).toMatchObject({ type: 'int', value: null });
    expect(by.has('pane.titlebar')).toBe(false);
  });
});

describe('rozi config entries', () => {
  it('adds, edits and removes [[commands]], [[services]], [[rules]] and [[hooks]] entries', async () => {
    let r = await cli('config', 'add', 'commands', 'id=test', 'run=npm test -- --watch', 'keep_open=false');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Added command test/);
    expect(file()).toContain('[[commands]]\nid = "test"\nrun = "npm test -- --watch"\nkeep_open = false\n');
    r = await cli('config', 'edit', 'commands', 'build', 'label=Build it');
    expect(r.code, r.stderr).toBe(0);
    expect(file()).toContain(
      '# build things\n[[commands]]\nid = "build" # make it\nrun = "make"\nlabel = "Build it"',
    );
    r = await cli('--format', 'json', 'config', 'list', 'commands');
    expect((JSON.parse(r.stdout) as { values: unknown }[]).map((e) => e.values)).toEqual([
      { id: 'build', run: 'make', label: 'Build it' },
      { id: 'test', run: 'npm test -- --watch', keep_open: false },
    ]);
    r = await cli('config', 'edit', 'commands', '#2', '--unset', 'keep_open');
    expect(r.code, r.stderr).toBe(0);
    expect(file()).not.toContain('keep_open');

    r = await cli('config', 'add', 'services', 'name=watcher', 'run=sleep 1000', 'env={ NODE_ENV = "dev" }');
    expect(r.code, r.stderr).toBe(0);
    expect(file()).toContain(
      '[[services]]\nname = "watcher"\nrun = "sleep 1000"\nenv = { NODE_ENV = "dev" }',
    );
    r = await cli('config', 'add', 'rules', 'match=htop', 'float=true', 'width=0.6');
    expect(r.code, r.stderr).toBe(0);
    r = await cli(
      'config',
      'add',
      'hooks',
      'event=pane-exited',
      'run=echo bye',
      'filter={ state = ["done"] }',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(file()).toContain(
      '[[hooks]]\nevent = "pane-exited"\nrun = "echo bye"\nfilter = { state = ["done"] }',
    );
    r = await cli('config', 'list', 'hooks');
    expect(r.stdout.trim()).toBe('#1  event="pane-exited" run="echo bye" filter={ state = ["done"] }');

    r = await cli('config', 'remove', 'services', 'watcher');
    expect(r.code, r.stderr).toBe(0);
    expect(file()).not.toContain('watcher');
    r = await cli('config', 'undo');
    expect(r.stdout).toMatch(/undone: Removed service watcher/);
    expect(file()).toContain('name = "watcher"');
    // The server supervises what the CLI wrote, as it does what Settings writes.
    const status = await cli('--format', 'json', 'config', 'status');
    expect(JSON.parse(status.stdout).services.map((s: { name: string }) => s.name)).toContain('watcher');
  });

  it('refuses bad entries in the readers’ words, the file unchanged', async () => {
    await refused(
      ['config', 'add', 'commands', 'id=build', 'run=x'],
      /a command named 'build' already exists/,
    );
    await refused(['config', 'add', 'commands', 'id=nothing'], /run|send|popup|exec/);
    await refused(['config', 'add', 'rules', 'match_regex=(unclosed'], /match_regex/);
    await refused(['config', 'add', 'hooks', 'event=never', 'run=x'], /"event" must be one of/);
    await refused(
      ['config', 'add', 'hooks', 'event=bell', 'run=x', 'timeout_ms=5'],
      /applies to script hooks only/,
    );
    await refused(['config', 'edit', 'commands', 'nope', 'run=x'], /no \[\[commands\]\] entry 'nope'/);
    await refused(['config', 'remove', 'rules', '#9'], /no \[\[rules\]\] entry '#9'/);
    const before = file();
    let r = await cli('config', 'add', 'widgets', 'a=b');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/'widgets' is not an entry table: use commands, services, rules, hooks/);
    r = await cli('config', 'add', 'commands', 'oops');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/'oops' is not KEY=VALUE/);
    expect(file()).toBe(before);
  });
});

describe('rozi config bind', () => {
  it('binds an action in [keys] with comments kept, lists it, unbinds and resets it', async () => {
    let r = await cli('config', 'bind', 'copy-mode', 'b', 'ctrl-a v');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('copy-mode = b, ctrl-a v');
    expect(file()).toContain('# my rozi config: hand-written, keep my comments');
    expect(file()).toMatch(/\[keys\]\ncopy-mode = \[ ?"b", "ctrl-a v" ?\]/);
    const rows = await cli('--format', 'json', 'config', 'bindings');
    const copy = (
      JSON.parse(rows.stdout) as Array<{ id: string; keys: Array<{ key: string; source: string }> }>
    ).find((a) => a.id === 'copy-mode');
    expect(copy?.keys.map((k) => [k.key, k.source])).toContainEqual(['ctrl-a v', 'user']);

    r = await cli('config', 'bind', 'copy-mode', '--none');
    expect(r.stdout).toContain('copy-mode: unbound');
    expect(file()).toMatch(/copy-mode = \[ ?\]/);
    r = await cli('config', 'bind', 'copy-mode', '--reset');
    expect(r.stdout).toContain('back to its default keys');
    expect(file()).not.toContain('copy-mode');
  });

  it('refuses an unknown action and a bad key in one line, the file unchanged', async () => {
    await refused(['config', 'bind', 'no-such-action', 'x'], /no action "no-such-action"/);
    const before = file();
    const r = await cli('config', 'bind', 'copy-mode');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/give KEYs, or --reset, or --none/);
    const bad = await cli('config', 'bind', 'copy-mode', 'nosuchmod-x');
    expect(bad.code, bad.stdout).not.toBe(0);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/"nosuchmod-x" is not a key sequence/);
    // A dangling separator or a word is not a key either (both were written to [keys] before).
    for (const key of ['ctrl-', 'ctrl-foo']) {
      const odd = await cli('config', 'bind', 'copy-mode', key);
      expect(odd.code, odd.stdout).not.toBe(0);
      expect(odd.stderr.trim().split('\n')).toHaveLength(1);
      expect(odd.stderr).toContain(`"${key}" is not a key sequence`);
    }
    expect(file()).toBe(before);
  });
});
