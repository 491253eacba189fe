import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readUserHooks } from './userHooks';
import { HOOK_EVENT_NAMES } from '@rozi/extensions/node';

const dirs: string[] = [];
function config(text: string, files: Record<string, string> = {}) {
  const home = mkdtempSync(join(tmpdir(), 'rozi-userhooks-'));
  dirs.push(home);
  const configDir = join(home, '.config', 'rozi');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(join(configDir, 'config.toml'), text);
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(join(home, name, '..'), { recursive: true });
    writeFileSync(join(home, name), body);
  }
  return readUserHooks({ configFile: join(configDir, 'config.toml'), configDir, home });
}

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('readUserHooks', () => {
  it('reads run and script hooks with filters, permissions and limits', () => {
    const r = config(
      '[[hooks]]\nevent = "pane-exited"\nrun = "echo $ROZI_CODE"\nfilter = { pane = 2 }\n\n[[hooks]]\nevent = "agent-state-changed"\nscript = "~/hooks/a.js"\nfilter = { agent = ["claude", "codex"], state = "blocked" }\npermissions = ["notify", "send-text"]\ntimeout_ms = 20\nmemory_mb = 16\n',
      { 'hooks/a.js': 'export default () => null;\n' },
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.run).toEqual([
      { hookId: 'config.toml#1', event: 'pane-exited', filter: { pane: 2 }, run: 'echo $ROZI_CODE' },
    ]);
    expect(r.script).toMatchObject({
      extensionId: 'config.toml',
      memoryMb: 16,
      actions: [],
      tabs: [],
      hooks: [
        {
          hookId: 'config.toml#2',
          event: 'agent-state-changed',
          filter: { agent: ['claude', 'codex'], state: ['blocked'] },
          permissions: ['notify', 'send-text'],
          timeoutMs: 20,
          source: 'export default () => null;\n',
        },
      ],
    });
  });

  it('reports every problem of every entry, one line each, and keeps the good ones', () => {
    const r = config(
      [
        '[[hooks]]\nevent = "agent-turned-blue"\nrun = "x"\ncolour = 1',
        '[[hooks]]\nevent = "bell"\nrun = "x"\nscript = "./y.js"',
        '[[hooks]]\nevent = "bell"\nscript = "./missing.js"',
        '[[hooks]]\nevent = "bell"\nrun = "x"\npermissions = ["notify"]\nfilter = { state = "sleepy", colour = "red" }',
        '[[hooks]]\nevent = "bell"\nscript = "./ok.js"\npermissions = ["fly"]\ntimeout_ms = 5000',
        '[[hooks]]\nevent = "bell"\nrun = "echo ok"',
      ].join('\n\n'),
    );
    expect(r.diagnostics).toEqual([
      'config.toml [[hooks]] #1: unknown key "colour"',
      `config.toml [[hooks]] #1: "event" must be one of ${HOOK_EVENT_NAMES.join(', ')}, got "agent-turned-blue"`,
      'config.toml [[hooks]] #2: give exactly one of "run" (a shell command) or "script" (a .js module)',
      expect.stringMatching(/^config\.toml \[\[hooks\]\] #3: script \.\/missing\.js cannot be read/),
      'config.toml [[hooks]] #4: "permissions" applies to script hooks only',
      'config.toml [[hooks]] #4: filter "state" must be among working, blocked, idle, done, got "sleepy"',
      'config.toml [[hooks]] #4: unknown filter key "colour" (agent, state, pane)',
      'config.toml [[hooks]] #5: unknown permission "fly"; expected notify, publish, status, invoke, send-text',
      'config.toml [[hooks]] #5: "timeout_ms" must be an integer from 1 to 1000, got 5000',
    ]);
    expect(r.run.map((h) => h.hookId)).toEqual(['config.toml#6']);
    expect(r.script).toBeNull();
  });

  it('reports a file that is not TOML without throwing', () => {
    const r = config('[[hooks]\n');
    expect(r.diagnostics).toHaveLength(1);
    expect(r.run).toEqual([]);
  });
});
