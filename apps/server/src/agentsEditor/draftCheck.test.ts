import { loadDefinitions } from '@rozi/detect';
import { describe, expect, it } from 'vitest';
import { checkDraft, evaluateDraft } from './draftCheck';
import { entryOfDraft, type DefinitionDraft } from './draftModel';
import { renderAgentEntry } from './tomlRender';

const base: DefinitionDraft = {
  id: 'fake-tui',
  label: 'Fake',
  match: { names: [], paths: ['fake-tui'] },
  states: [],
};

// A screen the common rules read as idle: only the draft's own rule can make it blocked.
const SCREEN = [
  'Fake TUI 1.0',
  'Editing src/app.ts',
  '',
  '╭────────────────────────╮',
  '│ Review pending: 3 files │',
  '│ press r to review       │',
  '╰────────────────────────╯',
  'ctrl+c quit',
].join('\n');

describe('checkDraft', () => {
  it('gives detect’s own messages, attributed to the field they are about', () => {
    const draft: DefinitionDraft = {
      id: 'fake-tui',
      match: { names: [] },
      resume: { argv: ['fake', '--resume'] },
      states: [
        { state: 'working', scope: 'footer', screen: { any_of: ['ok'] } },
        { state: 'blocked', screen: { regex: true, any_of: ['(unclosed'] } },
        { state: 'bored', screen: { any_of: ['x'] } },
      ],
    };
    const warnings = checkDraft(draft);
    // The same messages loadDefinitions gives for the same entry in config.toml.
    const server = loadDefinitions({ config: { text: renderAgentEntry(entryOfDraft(draft)) } }).warnings.map(
      (w) => w.message,
    );
    expect(warnings.map((w) => w.message)).toEqual(server);
    expect(warnings.map((w) => [w.code, w.field, w.rule])).toEqual([['missing-match', 'match', undefined]]);

    const withMatch = checkDraft({ ...draft, match: { names: ['fake'] } });
    expect(withMatch.map((w) => [w.code, w.field, w.rule])).toEqual([
      ['invalid-regex', 'rule', 1],
      ['unknown-state', 'rule', 2],
      ['invalid-resume', 'resume', undefined],
    ]);
    expect(withMatch[0]!.message).toMatch(/^agent 'fake-tui' rule 2: invalid regex '\(unclosed'/);
  });

  it('flags a bad id on the id field and accepts a built-in override without a match', () => {
    expect(checkDraft({ ...base, id: 'Bad Id' }).map((w) => w.field)).toEqual(['id']);
    expect(
      checkDraft({ id: 'claude', states: [{ state: 'blocked', screen: { any_of: ['allow'] } }] }),
    ).toEqual([]);
  });
});

describe('evaluateDraft', () => {
  it('reads the draft’s own rule with its spans, and says it beat the common rules by precedence', () => {
    const draft: DefinitionDraft = {
      ...base,
      states: [{ state: 'blocked', scope: 'footer', screen: { any_of: ['review pending'] } }],
    };
    const e = evaluateDraft(draft, { screen: SCREEN, title: 'fake' });
    expect(e.definitionLoaded).toBe(true);
    expect(e.state).toBe('blocked');
    expect(e.decidedBy?.ruleIndex).toBe(0);
    const span = e.decidedBy!.spans[0]!;
    expect(SCREEN.slice(span.start, span.end)).toBe('Review pending');
    expect(e.footerStart).toBe(0);
    expect(e.commonRulesApplied).toBe(true);
  });

  it('idle with no rule, and only the common rules run when the draft does not load', () => {
    expect(evaluateDraft(base, { screen: SCREEN, title: '' }).state).toBe('idle');
    const broken = evaluateDraft(
      { ...base, id: 'Bad Id' },
      { screen: '⠋ Working (esc to interrupt)', title: '' },
    );
    expect(broken.definitionLoaded).toBe(false);
    expect(broken.matches.every((m) => m.common)).toBe(true);
  });

  it('base = false leaves the common rules out', () => {
    const screen = 'Do you want to proceed?\n❯ 1. Yes\n  2. No';
    expect(evaluateDraft(base, { screen, title: '' }).state).toBe('blocked');
    const off = evaluateDraft({ ...base, base: false }, { screen, title: '' });
    expect(off.state).toBe('idle');
    expect(off.commonRulesApplied).toBe(false);
  });
});
