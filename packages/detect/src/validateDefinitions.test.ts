// Every warning the spec names, with its line, and what is dropped or kept.
import { describe, expect, it } from 'vitest';
import { validateDefinitionFile } from './validateDefinitions';
import type { DefinitionWarning } from './model';

function check(text: string, overridable: string[] = []) {
  return validateDefinitionFile(
    { source: { kind: 'config' }, file: 'config.toml', text },
    { overridable: new Set(overridable) },
  );
}
const codes = (ws: DefinitionWarning[]) => ws.map((w) => w.code);

const rule = (body: string) =>
  `[[agents]]\nid = "tool"\nmatch = { names = ["tool"] }\n\n[[agents.states]]\n${body}\n\n[[agents.states]]\nstate = "working"\nscreen = { any_of = ["busy"] }\n`;

describe('validateDefinitionFile', () => {
  it('accepts a full definition', () => {
    const { drafts, warnings } = check(`
[[agents]]
id = "mycoolagent"
label = "My Cool Agent"
base = false
match = { names = ["MCA.exe"], paths = ["@Acme\\\\mca"] }

[[agents.states]]
state = "blocked"
screen = {
  all_of = ["esc dismiss"],
  any_of = ["enter submit", "enter toggle"]
}

[[agents.states]]
state = "working"
scope = "footer"
screen = { regex = true, any_of = ['(?m)^\\s*[\\x{2801}-\\x{28ff}] '] }

[agents.resume]
argv = ["mca", "--resume", "{session}"]
`);
    expect(warnings).toEqual([]);
    expect(drafts).toHaveLength(1);
    const d = drafts[0]!;
    expect(d.match).toEqual({ names: ['mca'], paths: ['@acme/mca'] });
    expect(d.base).toBe(false);
    expect(d.states.map((r) => [r.id, r.state, r.scope, r.location.line])).toEqual([
      ['mycoolagent.states[0]', 'blocked', 'all', 8],
      ['mycoolagent.states[1]', 'working', 'footer', 15],
    ]);
    expect(d.resume).toEqual({ argv: ['mca', '--resume', '{session}'] });
  });

  it('reports TOML syntax errors with line and column', () => {
    const { drafts, warnings } = check('[[agents]]\nid = "x"\nlabel = = 3\nmatch = { names = ["a"] }\n');
    expect(drafts).toEqual([]);
    expect(warnings).toMatchObject([{ code: 'toml-syntax', file: 'config.toml', line: 3 }]);
    expect(warnings[0]!.message).not.toContain('\n');
  });

  it.each([['Bad'], ['a.b'], [''], ['with space']])('drops invalid id %j with its line', (id) => {
    const { drafts, warnings } = check(
      `# comment\n[[agents]]\nlabel = "x"\nid = "${id}"\nmatch = { names = ["a"] }\n`,
    );
    expect(drafts).toEqual([]);
    expect(warnings).toMatchObject([{ code: 'invalid-id', line: 4 }]);
  });

  it('drops a definition without a process match, unless it overrides a built-in', () => {
    const text = '[[agents]]\nid = "claude"\nlabel = "Mine"\n';
    expect(codes(check(text).warnings)).toEqual(['missing-match']);
    expect(check(text).drafts).toEqual([]);
    const over = check(text, ['claude']);
    expect(over.warnings).toEqual([]);
    expect(over.drafts[0]!.match).toBeNull();
  });

  it('ignores a second definition with the same id in one file', () => {
    const { drafts, warnings } = check(
      '[[agents]]\nid = "a"\nlabel = "first"\nmatch = { names = ["a"] }\n\n[[agents]]\nid = "a"\nlabel = "second"\nmatch = { names = ["b"] }\n',
    );
    expect(drafts.map((d) => d.label)).toEqual(['first']);
    expect(warnings).toMatchObject([{ code: 'duplicate-id', line: 6, agent: 'a' }]);
  });

  it.each([
    ['unknown state', 'state = "done"\nscreen = { any_of = ["x"] }', 'unknown-state'],
    ['missing state', 'screen = { any_of = ["x"] }', 'unknown-state'],
    ['empty pattern group', 'state = "working"\nscreen = {}', 'empty-group'],
    ['group with only none_of', 'state = "working"\nscreen = { none_of = ["x"] }', 'only-none-of'],
    ['empty pattern', 'state = "working"\nscreen = { any_of = ["x", ""] }', 'empty-pattern'],
    [
      'invalid regex',
      'state = "working"\nscreen = { regex = true, any_of = ["(unclosed"] }',
      'invalid-regex',
    ],
    ['backreference', 'state = "working"\nscreen = { regex = true, any_of = [\'(a)\\1\'] }', 'invalid-regex'],
    ['look-ahead', 'state = "working"\nscreen = { regex = true, any_of = ["a(?=b)"] }', 'invalid-regex'],
    [
      'Rust-only word boundary',
      'state = "working"\nscreen = { regex = true, any_of = [\'\\<word\\>\'] }',
      'invalid-regex',
    ],
    [
      'both screen and title',
      'state = "working"\nscreen = { any_of = ["x"] }\ntitle = { any_of = ["y"] }',
      'screen-and-title',
    ],
    ['neither screen nor title', 'state = "working"', 'missing-target'],
  ])('drops a rule with %s and keeps the rest', (_label, body, code) => {
    const { drafts, warnings } = check(rule(body));
    expect(codes(warnings)).toEqual([code]);
    expect(warnings[0]!.line).toBe(5);
    expect(drafts[0]!.states.map((r) => r.id)).toEqual(['tool.states[1]']);
  });

  it('falls back to scope all for an unknown scope, with a warning', () => {
    const { drafts, warnings } = check(
      rule('state = "working"\nscope = "bottom"\nscreen = { any_of = ["x"] }'),
    );
    expect(warnings).toMatchObject([{ code: 'unknown-scope', line: 5 }]);
    expect(drafts[0]!.states[0]!.scope).toBe('all');
  });

  it('ignores scope on a title rule, with a warning', () => {
    const { drafts, warnings } = check(
      rule('state = "working"\nscope = "footer"\ntitle = { any_of = ["x"] }'),
    );
    expect(codes(warnings)).toEqual(['scope-on-title']);
    expect(drafts[0]!.states[0]).toMatchObject({ target: 'title', scope: 'all' });
  });

  it.each([
    ['resume = true', 'resume = true'],
    ['no {session}', '[agents.resume]\nargv = ["t", "--resume"]'],
    ['{session} twice', '[agents.resume]\nargv = ["t", "{session}", "{session}"]'],
    ['{session} inside an argument', '[agents.resume]\nargv = ["t", "--session={session}"]'],
    ['{session} as the program', '[agents.resume]\nargv = ["{session}", "x"]'],
    ['empty argv', '[agents.resume]\nargv = []'],
    ['empty string', '[agents.resume]\nargv = ["t", "", "{session}"]'],
    ['not a table', 'resume = "t {session}"'],
  ])('ignores an invalid resume (%s) and keeps the definition', (_label, resume) => {
    const { drafts, warnings } = check(`[[agents]]\nid = "t"\nmatch = { names = ["t"] }\n${resume}\n`);
    expect(warnings).toMatchObject([{ code: 'invalid-resume', line: 4 }]);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]!.resume).toBeUndefined();
  });

  it('reads resume = false', () => {
    const { drafts, warnings } = check('[[agents]]\nid = "t"\nmatch = { names = ["t"] }\nresume = false\n');
    expect(warnings).toEqual([]);
    expect(drafts[0]!.resume).toBe(false);
  });

  it('returns every diagnostic of a file, not only the first', () => {
    const { drafts, warnings } = check(`
[[agents]]
id = "Bad"
match = { names = ["x"] }

[[agents]]
id = "ok"
match = { names = ["ok"] }
resume = true

[[agents.states]]
state = "sleeping"
screen = { any_of = ["z"] }

[[agents.states]]
state = "idle"
title = { none_of = ["z"] }

[[agents]]
id = "nomatch"
`);
    expect(codes(warnings)).toEqual([
      'invalid-id',
      'unknown-state',
      'only-none-of',
      'invalid-resume',
      'missing-match',
    ]);
    expect(warnings.map((w) => w.line)).toEqual([3, 11, 15, 9, 19]);
    expect(drafts.map((d) => d.id)).toEqual(['ok']);
  });

  it('accepts already-parsed entries from an extension manifest', () => {
    const { drafts, warnings } = validateDefinitionFile({
      source: { kind: 'extension', extension: 'acme' },
      agents: [{ id: 'bot', match: { paths: ['acme-bot'] } }, { id: 'x' }],
    });
    expect(drafts.map((d) => d.id)).toEqual(['bot']);
    expect(codes(warnings)).toEqual(['missing-match']);
  });
});
