// Load order and overrides: config > extension > built-in, exactly as the spec says.
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from './loadDefinitions';
import { matchProcess, type ProcessSnapshot } from './processMatch';
import { BUILTIN_CATALOGUE } from './builtinCatalogue';

const builtin = [
  {
    file: 'builtin/tool.toml',
    text: '[[agents]]\nid = "tool"\nlabel = "Tool"\nmatch = { names = ["tool"] }\n[agents.resume]\nargv = ["tool", "--resume", "{session}"]\n[[agents.states]]\nstate = "working"\nscreen = { any_of = ["builtin busy"] }\n',
  },
];

function one(argv: string[]): ProcessSnapshot {
  return {
    rootPid: 1,
    foregroundPgid: 2,
    processes: [
      { pid: 1, ppid: 0, pgid: 1, argv: ['bash'] },
      { pid: 2, ppid: 1, pgid: 2, argv },
    ],
  };
}

describe('loadDefinitions', () => {
  it('loads the embedded catalogue by default: 25+ agents, no warnings', () => {
    const set = loadDefinitions();
    expect(set.warnings).toEqual([]);
    expect(set.definitions.length).toBeGreaterThanOrEqual(25);
    expect(set.definitions.every((d) => d.source.kind === 'builtin')).toBe(true);
    expect(BUILTIN_CATALOGUE.length).toBe(set.definitions.length);
    for (const id of [
      'claude',
      'codex',
      'gemini',
      'opencode',
      'cursor',
      'amp',
      'github-copilot',
      'droid',
      'grok',
      'pi',
      'omp',
      'goose',
      'cline',
      'kilo',
      'kimi',
      'kiro',
      'antigravity',
      'maki',
      'qwen',
      'qodercli',
      'hermes',
      'devin',
      'aider',
      'crush',
    ]) {
      expect(set.byId.has(id), id).toBe(true);
    }
  });

  it('replaces a built-in with a config entry of the same id, keeping its match and resume when omitted', () => {
    const set = loadDefinitions({
      builtin,
      config: {
        file: 'config.toml',
        text: '[[agents]]\nid = "tool"\nlabel = "Mine"\n[[agents.states]]\nstate = "blocked"\nscreen = { any_of = ["mine waits"] }\n',
      },
    });
    expect(set.definitions.filter((d) => d.id === 'tool')).toHaveLength(1);
    const d = set.byId.get('tool')!;
    expect(d).toMatchObject({
      label: 'Mine',
      source: { kind: 'config' },
      overrides: 'builtin',
      match: { names: ['tool'] },
      resume: { argv: ['tool', '--resume', '{session}'] },
    });
    // The state rules are replaced, not merged.
    expect(d.states.map((r) => r.state)).toEqual(['blocked']);
  });

  it('lets an override set its own match and resume, or turn resume off', () => {
    const own = loadDefinitions({
      builtin,
      config: {
        text: '[[agents]]\nid = "tool"\nmatch = { names = ["tool2"] }\n[agents.resume]\nargv = ["tool2", "-r", "{session}"]\n',
      },
    });
    expect(own.byId.get('tool')).toMatchObject({
      match: { names: ['tool2'], paths: [] },
      resume: { argv: ['tool2', '-r', '{session}'] },
    });
    const off = loadDefinitions({ builtin, config: { text: '[[agents]]\nid = "tool"\nresume = false\n' } });
    expect(off.byId.get('tool')!.resume).toBeNull();
  });

  it('keeps the built-in resume when the override sets an invalid one', () => {
    const set = loadDefinitions({ builtin, config: { text: '[[agents]]\nid = "tool"\nresume = true\n' } });
    expect(set.warnings.map((w) => w.code)).toEqual(['invalid-resume']);
    expect(set.byId.get('tool')!.resume).toEqual({ argv: ['tool', '--resume', '{session}'] });
  });

  it('namespaces extension ids, which never replace a built-in', () => {
    const set = loadDefinitions({
      builtin,
      extensions: [
        {
          id: 'acme',
          file: 'acme/extension.toml',
          text: '[[agents]]\nid = "tool"\nmatch = { names = ["tool"] }\n',
        },
      ],
    });
    expect(set.definitions.map((d) => d.id)).toEqual(['acme.tool', 'tool']);
    expect(set.byId.get('tool')!.source).toEqual({ kind: 'builtin' });
    expect(set.byId.get('acme.tool')).toMatchObject({ source: { kind: 'extension', extension: 'acme' } });
    // An extension entry without a match is not an override: dropped with a warning.
    const bad = loadDefinitions({ builtin, extensions: [{ id: 'acme', text: '[[agents]]\nid = "tool"\n' }] });
    expect(bad.warnings.map((w) => w.code)).toEqual(['missing-match']);
  });

  it('consults config, then extensions, then built-ins, so new ids claim a process first', () => {
    const set = loadDefinitions({
      builtin,
      config: { text: '[[agents]]\nid = "wrapper"\nmatch = { names = ["tool"] }\n' },
      extensions: [{ id: 'acme', text: '[[agents]]\nid = "t"\nmatch = { names = ["tool"] }\n' }],
    });
    expect(set.definitions.map((d) => d.id)).toEqual(['wrapper', 'acme.t', 'tool']);
    expect(matchProcess(set, one(['tool']))?.agentId).toBe('wrapper');
    const noConfig = loadDefinitions({
      builtin,
      extensions: [{ id: 'acme', text: '[[agents]]\nid = "t"\nmatch = { names = ["tool"] }\n' }],
    });
    expect(matchProcess(noConfig, one(['tool']))?.agentId).toBe('acme.t');
  });

  it('keeps loading when config.toml does not parse, with the error located', () => {
    const set = loadDefinitions({ builtin, config: { file: 'config.toml', text: '[[agents]\nid = "x"\n' } });
    expect(set.byId.has('tool')).toBe(true);
    expect(set.warnings).toMatchObject([{ code: 'toml-syntax', file: 'config.toml', line: 1 }]);
  });
});
