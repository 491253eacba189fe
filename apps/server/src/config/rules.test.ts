import { describe, expect, it } from 'vitest';
import { parse } from 'smol-toml';
import { matchRule, readPaneRules, ruleRect } from './rules';

const read = (text: string) => readPaneRules({ root: parse(text), text, file: 'c.toml' });

describe('[[rules]]', () => {
  it('reads rozi’s example: first match wins, float rectangle by position', () => {
    const r = read(
      '[[rules]]\nmatch = "btop"\nfloat = true\nwidth = 0.7\nheight = 0.7\nposition = "cursor"\n\n[[rules]]\nmatch_regex = "^cargo\\\\s"\nworkspace = 9\nfocus = false\n',
    );
    expect(r.warnings).toEqual([]);
    expect(matchRule(r.rules, 'sudo btop -u')?.float).toBe(true);
    const cargo = matchRule(r.rules, 'cargo build');
    expect(cargo).toMatchObject({ workspace: 9, focus: false, float: false });
    expect(matchRule(r.rules, 'my cargo build')).toBeUndefined();
    const btop = matchRule(r.rules, 'btop') as NonNullable<ReturnType<typeof matchRule>>;
    expect(ruleRect(btop).x).toBeCloseTo(0.15);
    expect(ruleRect({ ...btop, position: 'bottom-right', width: 0.5, height: 0.4 })).toEqual({
      x: 0.5,
      y: 0.6,
      width: 0.5,
      height: 0.4,
    });
  });

  it('each bad entry is one warning with its line and is skipped; the rest load', () => {
    const r = read(
      '[[rules]]\nmatch = "a"\nmatch_regex = "b"\n\n[[rules]]\nmatch_regex = "("\n\n[[rules]]\nmatch = "x"\nworkspace = 12\n\n[[rules]]\nmatch = "ok"\nposition = "top"\n',
    );
    expect(r.rules.map((x) => x.label)).toEqual(['ok']);
    expect(r.warnings).toEqual([
      'c.toml:1: [[rules]] #1: give exactly one of match or match_regex; skipped',
      expect.stringMatching(/^c\.toml:5: \[\[rules\]\] #2: match_regex is not a valid pattern .*; skipped$/),
      'c.toml:8: [[rules]] #3: workspace must be a whole number 1-9; skipped',
      'c.toml:12: [[rules]] #4: position applies only with float = true; ignored',
    ]);
  });
});
