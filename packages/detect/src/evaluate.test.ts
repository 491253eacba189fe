// Screen and title rules: precedence, footer scope, spans, base = false, caching.
import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate';
import { loadDefinitions } from './loadDefinitions';
import { footerStartOf } from './screenText';

const set = loadDefinitions({
  builtin: [],
  config: {
    text: `
[[agents]]
id = "tool"
match = { names = ["tool"] }

[[agents.states]]
state = "idle"
screen = { any_of = ["ready"] }

[[agents.states]]
state = "working"
scope = "footer"
screen = { any_of = ["Thinking"] }

[[agents.states]]
state = "blocked"
screen = { all_of = ["Allow?"], any_of = ["[a]llow", "[d]eny"], none_of = ["(answered)"] }

[[agents.states]]
state = "unknown"
screen = { regex = true, any_of = ['(?m)^help: .* q to quit$'] }

[[agents.states]]
state = "working"
title = { any_of = ["busy"] }

[[agents]]
id = "quiet"
base = false
match = { names = ["quiet"] }

[[agents.states]]
state = "working"
screen = { any_of = ["crunching"] }
`,
  },
});

const lines = (n: number, word = 'transcript') =>
  Array.from({ length: n }, (_, i) => `${word} line ${i + 1}`).join('\n');

describe('evaluate', () => {
  it('reads idle when nothing matches, with no deciding rule', () => {
    const r = evaluate(set, { agentId: 'tool', screen: 'hello\nworld' });
    expect(r).toMatchObject({ agentId: 'tool', state: 'idle', decidedBy: null, matches: [] });
  });

  it('applies precedence unknown > blocked > working > idle whatever the declaration order', () => {
    const working = evaluate(set, { agentId: 'tool', screen: 'ready\nThinking' });
    expect(working.state).toBe('working');
    expect(working.matches.map((m) => m.state)).toEqual(['idle', 'working']);

    const blocked = evaluate(set, {
      agentId: 'tool',
      screen: 'ready\nAllow? [a]llow [d]eny\nThinking',
      title: 'busy',
    });
    expect(blocked.state).toBe('blocked');
    expect(blocked.decidedBy?.ruleId).toBe('tool.states[2]');
    expect(blocked.matches.map((m) => m.ruleId)).toEqual([
      'tool.states[0]',
      'tool.states[1]',
      'tool.states[2]',
      'tool.states[4]',
    ]);

    const unknown = evaluate(set, { agentId: 'tool', screen: 'Allow? [a]llow\nhelp: keys, q to quit' });
    expect(unknown.state).toBe('unknown');
  });

  it('lets a common blocked rule win over an own working rule', () => {
    const r = evaluate(set, {
      agentId: 'tool',
      screen: 'Thinking\nDo you want to proceed?\n❯ 1. Yes\n  2. No',
    });
    expect(r.state).toBe('blocked');
    expect(r.decidedBy).toMatchObject({ common: true, ruleId: 'common.approval-question' });
  });

  it('honours none_of as a veto', () => {
    expect(evaluate(set, { agentId: 'tool', screen: 'Allow? [a]llow (answered)' }).state).toBe('idle');
  });

  it('scopes footer rules to the last eight non-empty lines', () => {
    // The same words above the footer do not count; inside it they do.
    const above = `Thinking about it\n${lines(8)}`;
    expect(evaluate(set, { agentId: 'tool', screen: above }).state).toBe('idle');
    const inside = `${lines(3)}\nThinking about it\n${lines(7)}`;
    expect(evaluate(set, { agentId: 'tool', screen: inside }).state).toBe('working');
    // Blank lines do not count towards the eight.
    const spaced = `Thinking\n\n\n${lines(7).split('\n').join('\n\n   \n')}\n\n`;
    expect(evaluate(set, { agentId: 'tool', screen: spaced }).state).toBe('working');
    // An unscoped rule reads the whole screen.
    expect(evaluate(set, { agentId: 'tool', screen: `Allow? [d]eny\n${lines(20)}` }).state).toBe('blocked');
  });

  it('keeps common footer rules out of transcripts above the footer', () => {
    const screen = `  ⏸ manual mode on · esc to interrupt · ← for agents\nDo you want to proceed?\n❯ 1. Yes\n  2. No\n${lines(8)}`;
    expect(evaluate(set, { agentId: 'tool', screen }).state).toBe('idle');
  });

  it('returns spans that point into the original screen, through case and wide characters', () => {
    const screen = '😀 İstanbul\nready\nALLOW? [A]llow';
    const r = evaluate(set, { agentId: 'tool', screen, title: 'İ BUSY' });
    const blocked = r.matches.find((m) => m.state === 'blocked')!;
    expect(blocked.spans.map((s) => screen.slice(s.start, s.end))).toEqual(['ALLOW?', '[A]llow']);
    const title = r.matches.find((m) => m.target === 'title')!;
    expect(title.spans.map((s) => 'İ BUSY'.slice(s.start, s.end))).toEqual(['BUSY']);
  });

  it('reports footer spans with screen offsets', () => {
    const screen = `${lines(10)}\nnow Thinking hard`;
    const r = evaluate(set, { agentId: 'tool', screen });
    expect(r.footerStart).toBe(screen.indexOf('transcript line 4'));
    const span = r.decidedBy!.spans[0]!;
    expect(screen.slice(span.start, span.end)).toBe('Thinking');
  });

  it('reads the title with title rules only', () => {
    expect(evaluate(set, { agentId: 'tool', screen: 'busy', title: 'idle' }).state).toBe('idle');
    expect(evaluate(set, { agentId: 'tool', screen: '', title: 'BUSY now' }).state).toBe('working');
    expect(evaluate(set, { agentId: 'tool', screen: '', title: '⠹ tool' }).decidedBy?.ruleId).toBe(
      'common.spinner-title',
    );
  });

  it('skips the common rules with base = false', () => {
    const screen = 'Do you want to proceed?\n❯ 1. Yes\n  2. No\n⠹ Working';
    expect(evaluate(set, { agentId: 'quiet', screen }).state).toBe('idle');
    expect(evaluate(set, { agentId: 'quiet', screen: `${screen}\ncrunching` }).state).toBe('working');
    expect(evaluate(set, { agentId: 'tool', screen }).state).toBe('blocked');
  });

  it('runs the common rules only for a pane without a known definition', () => {
    const r = evaluate(set, { agentId: 'nonesuch', screen: '⠹ Working...' });
    expect(r).toMatchObject({ agentId: null, state: 'working' });
    expect(evaluate(set, { screen: 'ready' }).state).toBe('idle');
  });
});

describe('screen text', () => {
  it('finds the footer start', () => {
    expect(footerStartOf('a\nb')).toBe(0);
    expect(footerStartOf(`x\n${lines(8)}`)).toBe(2);
    expect(footerStartOf(`${lines(9)}\n\n\n`)).toBe(`${lines(9)}`.indexOf('transcript line 2'));
  });

  it('counts lines of only spaces or non-breaking spaces as empty', () => {
    const s = `${lines(8)}\n \u00a0 \n\t\n`;
    expect(footerStartOf(`top\n${s}`)).toBe(4);
  });
});
