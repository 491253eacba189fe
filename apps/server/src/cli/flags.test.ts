// Verb options as one zod object: the parser reads flags by their kind, the object checks them,
// and every refusal is one usage line naming the flag and what it expected.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkFlags, flag, specsOf } from './flags';
import { main } from './main';
import { verbs } from './registry';

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (c: Buffer) => out.push(c.toString()));
  stderr.on('data', (c: Buffer) => err.push(c.toString()));
  const code = await main(args, {
    stdout,
    stderr,
    stdin: new PassThrough(),
    stdoutIsTTY: false,
    env: { ROZI_SOCKET: '/nonexistent/rozi-flags-test.sock' },
    cwd: '/',
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('verb flags (zod)', () => {
  it('reads the spelling of each flag from its tag, in order', () => {
    const shape = {
      name: flag.string({ short: 'n', value: 'NAME', description: 'a name' }),
      on: flag.boolean({ description: 'on' }),
      n: flag.number({ description: 'n' }),
      tag: flag.list({ description: 'tags' }),
    };
    expect(specsOf(shape).map((s) => [s.name, s.type, s.short])).toEqual([
      ['name', 'string', 'n'],
      ['on', 'boolean', undefined],
      ['n', 'number', undefined],
      ['tag', 'list', undefined],
    ]);
    expect(() => specsOf({ bare: z.string() })).toThrow('flag --bare is not declared through flag.*');
  });

  it('turns a refusal into one line naming the flag and what it expected', () => {
    const flags = z
      .object({
        level: flag.string({ description: 'l' }, z.enum(['info', 'warn', 'error']).default('info')),
        page: flag.number({ description: 'p' }, z.number().int().min(1).optional()),
        name: flag.string({ description: 'n' }, z.string().min(1).max(3).optional()),
        all: flag.boolean({ description: 'a' }),
      })
      .refine((o) => !(o.all && o.name !== undefined), { error: '--all goes without --name' });
    expect(checkFlags(flags, {})).toEqual({ level: 'info' });
    expect(() => checkFlags(flags, { level: 'loud' })).toThrow(
      "--level must be info, warn or error, got 'loud'",
    );
    expect(() => checkFlags(flags, { page: 0 })).toThrow("--page must be at least 1, got '0'");
    expect(() => checkFlags(flags, { page: 1.5 })).toThrow("--page must be a whole number, got '1.5'");
    expect(() => checkFlags(flags, { name: 'abcd' })).toThrow(
      "--name must be at most 3 characters, got 'abcd'",
    );
    expect(() => checkFlags(flags, { all: true, name: 'a' })).toThrow(/^--all goes without --name$/);
  });

  it('every verb declares its flags through flag.* (help lists them)', async () => {
    for (const verb of verbs) if (verb.flags) expect(() => specsOf(verb.flags!.shape)).not.toThrow();
    const help = await run(['split', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('-d, --direction right|down|left|up');
    expect(help.stdout).toContain('--keep-open');
  });

  it('refuses a bad value before connecting, in rozi failure shape, exit 2', async () => {
    const cases: Array<[string[], string]> = [
      [['split', '--direction', 'x'], "--direction must be right, down, left or up, got 'x'"],
      [['notify', '--level', 'loud', 'hi'], "--level must be info, warn or error, got 'loud'"],
      [['capture-pane', '-S', 'abc'], "--scrollback must be a number of lines or 'full', got 'abc'"],
      [
        ['capture-pane', '--last-output', '-S', '3'],
        "--last-output prints one command's output; drop --scrollback",
      ],
      [['list-panes', '--scope', 'x'], "--scope must be active or attached, got 'x'"],
      [['new-pane', '--workspace', 'two'], "--workspace must be a workspace number from 1 to 9, got 'two'"],
      [['server', '--port', '70000'], "--port must be an integer 0–65535, got '70000'"],
      [['list-panes', '--format', 'yaml'], "--format must be text or json, got 'yaml'"],
      [['agents', 'wait', '-t', '1'], '--until needs a comma list of'],
      [['agents', 'wait', '-t', '1', '--until', 'idle', '--timeout', 'soon'], '--timeout'],
      [['agents', 'prompt', '-t', '1', '--timeout', '5s', 'hi'], '--timeout goes with --wait'],
      [['agents', 'answer', '-t', '1'], '--choice N is required: a choice number from agents question'],
      [['agents', 'diff', '--turn', 'x'], "--turn must be a turn number (1, 2, …), current or all, got 'x'"],
      [['agents', 'diff', '--page', '0'], "--page must be a page number from 1, got '0'"],
      [['agents', 'new', '--branch', 'b', '--argv', 'sh'], '--branch goes with --worktree'],
      [['agents', 'detect', '--screen-stdin'], 'agents detect needs --agent ID'],
      [['agents', 'detect', '--agent', 'x'], 'give exactly one of --screen-file FILE or --screen-stdin'],
      [
        ['agents', 'report', '-t', '1', '--integration', 't', '--state', 'idle', '--seq', '0'],
        "--seq must be a positive integer, got '0'",
      ],
      [
        ['agents', 'report', '-t', '1', '--integration', 't', '--state', 'asleep', '--seq', '1'],
        "--state must be working, blocked, idle or done, got 'asleep'",
      ],
      [['agents', 'read', '-S', 'many'], "--scrollback must be a number of lines, got 'many'"],
      [['worktrees', 'commit'], 'worktrees commit needs -m MESSAGE'],
      [['worktrees', 'pr', '-m', 'x'], "unknown option -m for 'worktrees pr'"],
      [['host', 'serve'], 'rozi host serve needs --stdio (it is what ssh runs)'],
      [['extensions', 'deploy', 'x'], 'deploy needs --session NAME'],
      [['sidebar', 'publish'], 'sidebar publish needs --tab NAME'],
      [
        ['extensions', 'logs', 'x', '--unit', 'A!'],
        "--unit must be a log unit: commands, service.<name>, action.<id> or tab.<name>, got 'A!'",
      ],
      [['extensions', 'index', 'build', '--repos', 'f'], 'index build needs --repos FILE and --out DIR'],
      [['publish', '--kind', 'bot'], "--kind must be agent, got 'bot'"],
      [['split', '--directon', 'x'], "unknown option --directon for 'split' (did you mean --direction?)"],
    ];
    for (const [args, message] of cases) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(`rozi: ${r.stderr.slice(6).split('\n')[0]}\n`);
      expect(r.stderr).toContain(message);
      expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, code: 'usage' });
    }
  });

  it('a good value goes on to the server (no server here: exit 3)', async () => {
    const r = await run(['notify', '--level', 'warn', 'hi']);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, code: 'no-server' });
  });
});
