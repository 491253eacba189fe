// Process matching and look-through: the agent behind shells, runtimes and package launchers.
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from './loadDefinitions';
import { matchProcess, type ProcessInfo, type ProcessSnapshot } from './processMatch';
import { programsBehind } from './lookThrough';

const set = loadDefinitions({
  config: {
    text: '[[agents]]\nid = "mca"\nmatch = { names = ["mca"], paths = ["@acme/mca"] }\n',
  },
});

/** A pane: bash (pid 10) at the root, then the given foreground chain, each the child of the previous. */
function pane(
  chain: Array<Partial<ProcessInfo> & { argv: string[] }>,
  extra: ProcessInfo[] = [],
): ProcessSnapshot {
  const processes: ProcessInfo[] = [{ pid: 10, ppid: 1, pgid: 10, argv: ['-bash'] }];
  chain.forEach((p, i) => processes.push({ pid: 20 + i, ppid: i === 0 ? 10 : 20 + i - 1, pgid: 20, ...p }));
  return { rootPid: 10, foregroundPgid: chain.length > 0 ? 20 : 10, processes: [...processes, ...extra] };
}

const hit = (s: ProcessSnapshot) => {
  const m = matchProcess(set, s);
  return m ? { agent: m.agentId, pid: m.process.pid, via: m.via } : null;
};

describe('matchProcess', () => {
  it('finds nothing in a shell at its prompt', () => {
    expect(hit(pane([]))).toBeNull();
  });

  it("ends on a snapshot where a launcher is its own parent or its child's parent", () => {
    // The old walk from a matching launcher to its matching child looped here for ever (the
    // random-snapshot property in properties.test.ts found it: a CI run hung on it).
    const self: ProcessInfo = { pid: 10, ppid: 10, pgid: 10, argv: ['bash', '-c', 'claude'] };
    expect(matchProcess(set, { rootPid: 10, foregroundPgid: 10, processes: [self] })?.process).toBe(self);
    const a: ProcessInfo = { pid: 20, ppid: 10, pgid: 20, argv: ['sh', '-c', 'claude'] };
    const b: ProcessInfo = { pid: 10, ppid: 20, pgid: 20, argv: ['bash', '-c', 'claude'] };
    const m = matchProcess(set, { rootPid: 10, foregroundPgid: 20, processes: [b, a] });
    expect(m?.agentId).toBe('claude');
  });

  it.each([
    ['a plain binary', [{ argv: ['claude'] }], 'claude', 20, 'name'],
    ['a full path, any case, with .exe', [{ argv: ['C:\\Tools\\Codex.EXE'] }], 'codex', 20, 'name'],
    [
      'the resolved exe when argv[0] is odd',
      [{ argv: ['agent-main'], exe: '/usr/local/bin/gemini' }],
      'gemini',
      20,
      'name',
    ],
    [
      'node running the package (paths)',
      [{ argv: ['node', '/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js'] }],
      'claude',
      20,
      'path',
    ],
    [
      'node running a bin by name',
      [{ argv: ['node', '--no-warnings', '/home/u/.local/bin/opencode'] }],
      'opencode',
      20,
      'name',
    ],
    ['bun run', [{ argv: ['bun', 'run', '/opt/amp/amp.js'] }], 'amp', 20, 'name'],
    ['python -m', [{ argv: ['python3.12', '-m', 'aider.main', '--model', 'x'] }], 'aider', 20, 'name'],
    ['uv run python -m', [{ argv: ['uv', 'run', 'python', '-m', 'aider'] }], 'aider', 20, 'name'],
    ['uvx package', [{ argv: ['uvx', '--python', '3.12', 'aider-chat@latest'] }], 'aider', 20, 'path'],
    [
      'npx with a scoped package',
      [{ argv: ['npx', '-y', '@google/gemini-cli@latest'] }],
      'gemini',
      20,
      'path',
    ],
    ['npx by bin name', [{ argv: ['npx', 'codex'] }], 'codex', 20, 'name'],
    ['npm exec --', [{ argv: ['npm', 'exec', '--', 'droid'] }], 'droid', 20, 'name'],
    ['pnpm dlx', [{ argv: ['pnpm', 'dlx', 'kilo'] }], 'kilo', 20, 'name'],
    ['yarn dlx', [{ argv: ['yarn', 'dlx', 'crush'] }], 'crush', 20, 'name'],
    ['bunx', [{ argv: ['bunx', 'opencode-ai'] }], 'opencode', 20, 'path'],
    ['deno npm: specifier', [{ argv: ['deno', 'run', '-A', 'npm:@openai/codex'] }], 'codex', 20, 'name'],
    [
      'bash -c with env assignment',
      [{ argv: ['bash', '-c', 'FOO=1 exec claude --resume abc'] }],
      'claude',
      20,
      'name',
    ],
    [
      'a user-defined path with backslashes',
      [{ argv: ['node', 'C:\\Users\\me\\@acme\\mca\\bin.js'] }],
      'mca',
      20,
      'path',
    ],
  ])('sees the agent through %s', (...row) => {
    const [, chain, agent, pid, via] = row;
    expect(hit(pane(chain))).toEqual({ agent, pid, via });
  });

  it('returns the agent process behind npx and a shell wrapper, not the launcher', () => {
    const s = pane([
      { argv: ['sh', '-c', 'npx codex'] },
      { argv: ['npx', 'codex'] },
      { argv: ['node', '/home/u/.npm/_npx/1/node_modules/.bin/codex'] },
    ]);
    expect(hit(s)).toEqual({ agent: 'codex', pid: 22, via: 'name' });
  });

  it("ignores the agent's own children (tool shells, MCP servers)", () => {
    const s = pane([{ argv: ['claude'] }, { argv: ['bash', '-c', 'codex exec x'] }]);
    expect(hit(s)).toEqual({ agent: 'claude', pid: 20, via: 'name' });
  });

  it('reads only the foreground job', () => {
    const background: ProcessInfo = { pid: 30, ppid: 10, pgid: 30, argv: ['claude'] };
    expect(hit(pane([], [background]))).toBeNull();
    expect(hit(pane([{ argv: ['vim', 'notes.md'] }], [background]))).toBeNull();
    expect(hit({ ...pane([], [background]), foregroundPgid: 30 })).toEqual({
      agent: 'claude',
      pid: 30,
      via: 'name',
    });
  });

  it('does not mistake launchers or unrelated programs for agents', () => {
    expect(hit(pane([{ argv: ['node', 'server.js'] }]))).toBeNull();
    expect(hit(pane([{ argv: ['python3', '-c', 'print(1)'] }]))).toBeNull();
    expect(hit(pane([{ argv: ['grep', 'claude', 'notes.md'] }]))).toBeNull();
    expect(hit(pane([{ argv: ['npm', 'install', 'codex'] }]))).toBeNull();
  });

  it('takes ROZI_AGENT or HERDR_AGENT from the environment when a launcher hides the tool', () => {
    expect(hit(pane([{ argv: ['python3', 'main.py'], env: { ROZI_AGENT: 'mca' } }]))).toEqual({
      agent: 'mca',
      pid: 20,
      via: 'env',
    });
    expect(hit(pane([{ argv: ['java', '-jar', 'x.jar'], env: { HERDR_AGENT: 'claude' } }]))).toEqual({
      agent: 'claude',
      pid: 20,
      via: 'env',
    });
    // A name from the definition's match works too; an unknown name falls back to matching.
    expect(hit(pane([{ argv: ['x'], env: { ROZI_AGENT: 'cursor-agent' } }]))).toEqual({
      agent: 'cursor',
      pid: 20,
      via: 'env',
    });
    expect(hit(pane([{ argv: ['claude'], env: { ROZI_AGENT: 'nonesuch' } }]))).toEqual({
      agent: 'claude',
      pid: 20,
      via: 'name',
    });
    // Through a wrapper shell, the process running under it is the agent.
    expect(
      hit(
        pane([
          { argv: ['bash', 'run.sh'], env: { ROZI_AGENT: 'mca' } },
          { argv: ['python3', 'main.py'], env: { ROZI_AGENT: 'mca' } },
        ]),
      ),
    ).toEqual({ agent: 'mca', pid: 21, via: 'env' });
  });

  it('does not label the pane shell itself from an exported ROZI_AGENT', () => {
    const s = pane([]);
    s.processes[0]!.env = { ROZI_AGENT: 'claude' };
    expect(hit(s)).toBeNull();
  });

  it('works without a foreground group, breadth-first from the root', () => {
    const s = pane([{ argv: ['bash', '-c', 'sleep 1; goose'] }, { argv: ['goose', 'session'] }]);
    delete s.foregroundPgid;
    expect(hit(s)).toEqual({ agent: 'goose', pid: 21, via: 'name' });
  });
});

describe('programsBehind', () => {
  it.each([
    [['bash'], []],
    [['node', '-e', 'x'], []],
    [['npx', '-p', '@scope/pkg', 'tool'], ['tool']],
    [['uv', 'tool', 'run', 'aider'], ['aider']],
    [['npm', 'exec', '@openai/codex@1.2.3'], ['codex']],
  ])('%j → %j', (argv, names) => {
    expect(programsBehind(argv)).toEqual(names);
  });
});
