import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '@rozi/detect';
import { putAgentEntry } from './configPatch';
import { entryOfDraft } from './draftModel';

// A config.toml the way people write it: comments everywhere, blank lines, other sections after
// the agents, and the spec's TOML 1.1 multi-line inline table.
const REAL = `# rozi config — edited by hand
theme = "dark"   # trailing comment

[keys]
prefix = "ctrl-a"   # like tmux

# My own agent, see the docs.
[[agents]]
id = "mycoolagent"
label = "My Cool Agent"
match = { names = ["mca"], paths = ["@acme/mca"] }

# spinner row
[[agents.states]]
state = "working"
scope = "footer"
screen = { any_of = ["esc to interrupt"] }

[[agents.states]]
state = "blocked"
screen = {
  all_of = ["esc dismiss"],
  any_of = ["enter submit", "enter toggle"]   # two variants
}

[[agents]]
id = "other"
match = { names = ["other"] }

[extensions.notes]
colour = "blue" # keep me
`;

const fake = entryOfDraft({
  id: 'fake-tui',
  label: 'Fake TUI',
  match: { paths: ['fake-tui'] },
  states: [{ state: 'blocked', scope: 'footer', screen: { any_of: ['Allow this action?'] } }],
});

function agentsOf(text: string): unknown[] {
  return (parse(text) as { agents?: unknown[] }).agents ?? [];
}

describe('putAgentEntry', () => {
  it('appends a new entry after the untouched bytes of the file', () => {
    const r = putAgentEntry(REAL, { entry: fake });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.action).toBe('added');
    expect(r.text.startsWith(REAL)).toBe(true);
    expect(agentsOf(r.text)).toHaveLength(3);
    // The appended block sits after [extensions.notes] yet belongs to agents, and loads cleanly.
    const set = loadDefinitions({ config: { file: 'config.toml', text: r.text } });
    expect(set.warnings).toEqual([]);
    expect(set.byId.get('fake-tui')?.states[0]?.state).toBe('blocked');
    expect((parse(r.text) as { extensions: { notes: { colour: string } } }).extensions.notes.colour).toBe(
      'blue',
    );
  });

  it('replaces an existing entry in place, keeping every comment and the multi-line inline table', () => {
    const edited = entryOfDraft({
      id: 'other',
      label: 'Other Tool',
      match: { names: ['other'] },
      states: [{ state: 'working', scope: 'footer', screen: { any_of: ['thinking'] } }],
    });
    const r = putAgentEntry(REAL, { entry: edited });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.action).toBe('replaced');
    const untouched = REAL.slice(0, REAL.indexOf('[[agents]]\nid = "other"'));
    expect(r.text.startsWith(untouched)).toBe(true);
    for (const kept of [
      '# rozi config — edited by hand',
      '# trailing comment',
      '# like tmux',
      '# spinner row',
      '# two variants',
      '# keep me',
      'screen = {\n  all_of = ["esc dismiss"],',
    ]) {
      expect(r.text).toContain(kept);
    }
    const agents = agentsOf(r.text) as Array<Record<string, unknown>>;
    expect(agents.map((a) => a.id)).toEqual(['mycoolagent', 'other']);
    expect(agents[1]).toMatchObject({
      label: 'Other Tool',
      states: [{ state: 'working', scope: 'footer', screen: { any_of: ['thinking'] } }],
    });
    expect(agents[0]).toEqual(agentsOf(REAL)[0]);
  });

  it('renames the entry being edited instead of adding a second one', () => {
    const r = putAgentEntry(REAL, {
      entry: { ...entryOfDraft({ id: 'renamed', match: { names: ['other'] } }) },
      replaces: 'other',
    });
    expect(r.ok && agentsOf(r.text).map((a) => (a as { id: string }).id)).toEqual(['mycoolagent', 'renamed']);
  });

  it('edits a rule written as [[agents.states]] tables without touching its neighbours', () => {
    const agents = agentsOf(REAL) as Array<Record<string, unknown>>;
    const first = structuredClone(agents[0]!) as { states: Array<Record<string, unknown>> };
    first.states[0] = { state: 'working', scope: 'footer', screen: { any_of: ['esc to cancel'] } };
    const r = putAgentEntry(REAL, { entry: first });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toContain('screen = { any_of = ["esc to cancel"] }');
    expect(r.text).toContain('# spinner row');
    expect(r.text).toContain('  any_of = ["enter submit", "enter toggle"]   # two variants');
    expect(r.text.replace('esc to cancel', 'esc to interrupt')).toBe(REAL);
  });

  it('handles an empty file, a file without a trailing newline and CRLF line endings', () => {
    const empty = putAgentEntry('', { entry: fake });
    expect(empty.ok && empty.text.startsWith('[[agents]]\nid = "fake-tui"')).toBe(true);

    const bare = 'theme = "dark"';
    const r1 = putAgentEntry(bare, { entry: fake });
    expect(r1.ok && r1.text.startsWith(`${bare}\n\n[[agents]]`)).toBe(true);

    const crlf = '# windows\r\ntheme = "dark"\r\n';
    const r2 = putAgentEntry(crlf, { entry: fake });
    expect(r2.ok).toBe(true);
    if (!r2.ok) return;
    expect(r2.text.startsWith(crlf)).toBe(true);
    expect(r2.text.slice(crlf.length)).not.toMatch(/[^\r]\n/);
  });

  it('falls back to an in-place edit when agents is written as an inline array', () => {
    const inline = '# inline style\nagents = [ { id = "a", match = { names = ["a"] } } ]\n';
    const r = putAgentEntry(inline, { entry: fake });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text.startsWith('# inline style\n')).toBe(true);
    expect(agentsOf(r.text).map((a) => (a as { id: string }).id)).toEqual(['a', 'fake-tui']);
  });

  it('refuses a file with a syntax error and says where', () => {
    const r = putAgentEntry('theme = \n[keys\n', { entry: fake });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toMatch(/^config\.toml has a syntax error, fix it first: /);
  });

  it('writes patterns with backslashes as literal strings that read back unchanged', () => {
    const entry = entryOfDraft({
      id: 'rx',
      match: { names: ['rx'] },
      states: [
        {
          state: 'working',
          screen: { regex: true, any_of: [String.raw`(?m)^\s*\d+ tokens`, `it's "quoted"`] },
        },
      ],
    });
    const r = putAgentEntry(REAL, { entry });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toContain(String.raw`'(?m)^\s*\d+ tokens'`);
    const set = loadDefinitions({ config: { text: r.text } });
    expect(set.warnings).toEqual([]);
    expect(set.byId.get('rx')?.states[0]?.group.anyOf).toEqual([
      String.raw`(?m)^\s*\d+ tokens`,
      `it's "quoted"`,
    ]);
  });
});
