// Property tests: random definitions and screens never throw, and the regex engine stays linear
// on a pattern that sends backtracking engines into exponential time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate';
import { loadDefinitions } from './loadDefinitions';
import { matchProcess } from './processMatch';
import { compileRegexLite } from './patternSyntax';
import { validateDefinitionFile } from './validateDefinitions';

const builtins = loadDefinitions();
const tomlish = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '[[agents]]',
    '[[agents.states]]',
    '[agents.resume]',
    'id = "x"',
    'state = "working"',
    'screen = { any_of = ["a"] }',
    'regex = true',
    'match = { names = ["x"] }',
    'resume = false',
    '\n',
  ),
);
const screenChars = fc.string({
  unit: fc.constantFrom(
    'a',
    'Y',
    '/',
    'n',
    '[',
    ']',
    '\n',
    ' ',
    '⠹',
    '❯',
    '1',
    '.',
    '·',
    'esc',
    ' to interrupt',
    'enter to select',
    'do you want to proceed?',
    '│',
    '😀',
    'İ',
  ),
});

describe('properties', () => {
  it('validating arbitrary TOML-ish text never throws', () => {
    fc.assert(
      fc.property(fc.array(tomlish, { maxLength: 30 }), (parts) => {
        const res = validateDefinitionFile({ source: { kind: 'config' }, text: parts.join('\n') });
        expect(Array.isArray(res.warnings)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('arbitrary parsed definitions validate without throwing', () => {
    fc.assert(
      fc.property(fc.array(fc.anything(), { maxLength: 5 }), (agents) => {
        validateDefinitionFile({ source: { kind: 'extension', extension: 'e' }, agents });
      }),
      { numRuns: 300 },
    );
  });

  it('random rules on random screens never throw and always give a state', () => {
    const pattern = fc.oneof(
      fc.string({ minLength: 1, maxLength: 8 }),
      fc.constantFrom('(a+)+$', '[', '\\x{2800}', '(?m)^x', '\\<', 'a{,2}', '.*'),
    );
    const ruleText = fc.record({
      state: fc.constantFrom('blocked', 'working', 'idle', 'unknown', 'bogus'),
      scope: fc.constantFrom('all', 'footer', 'nope'),
      regex: fc.boolean(),
      any: fc.array(pattern, { maxLength: 3 }),
      none: fc.array(pattern, { maxLength: 2 }),
    });
    fc.assert(
      fc.property(fc.array(ruleText, { maxLength: 4 }), screenChars, fc.string(), (rules, screen, title) => {
        const states = rules
          .map(
            (r) =>
              `[[agents.states]]\nstate = ${JSON.stringify(r.state)}\nscope = ${JSON.stringify(r.scope)}\nscreen = { regex = ${r.regex}, any_of = ${JSON.stringify(r.any)}, none_of = ${JSON.stringify(r.none)} }`,
          )
          .join('\n');
        const set = loadDefinitions({
          builtin: [],
          config: { text: `[[agents]]\nid = "r"\nmatch = { names = ["r"] }\n${states}\n` },
        });
        const res = evaluate(set, { agentId: 'r', screen, title });
        expect(['blocked', 'working', 'idle', 'unknown']).toContain(res.state);
        for (const m of res.matches)
          for (const s of m.spans)
            expect(s.end).toBeLessThanOrEqual((s.target === 'title' ? title : screen).length);
      }),
      { numRuns: 300 },
    );
  });

  it('every built-in definition evaluates random screens without throwing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...builtins.definitions.map((d) => d.id)),
        screenChars,
        screenChars,
        (agentId, screen, title) => {
          evaluate(builtins, { agentId, screen, title });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('random process snapshots never throw', () => {
    const proc = fc.record({
      pid: fc.integer({ min: 1, max: 8 }),
      ppid: fc.integer({ min: 0, max: 8 }),
      pgid: fc.integer({ min: 1, max: 8 }),
      argv: fc.array(
        fc.oneof(
          fc.string(),
          fc.constantFrom('npx', 'bash', '-c', 'node', 'python3', '-m', 'uv', 'run', 'claude', '--'),
        ),
        { maxLength: 6 },
      ),
    });
    fc.assert(
      fc.property(
        fc.array(proc, { maxLength: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
        (processes, rootPid, foregroundPgid) => {
          matchProcess(builtins, { rootPid, foregroundPgid, processes });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('runs a nested-quantifier regex over 1 MB in linear time', () => {
    const r = compileRegexLite('(a+)+$');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const timeFor = (n: number) => {
      const text = 'a'.repeat(n) + '!';
      const t0 = performance.now();
      expect(r.regex.test(text)).toBe(false);
      return performance.now() - t0;
    };
    timeFor(10_000); // warm up
    const small = timeFor(100_000);
    const big = timeFor(1_000_000);
    // Backtracking would never return here; linear time stays well under a second and grows
    // roughly tenfold for ten times the input (generous bound for a shared 2-core machine).
    expect(big).toBeLessThan(2_000);
    expect(big).toBeLessThan(Math.max(small, 1) * 60);

    const set = loadDefinitions({
      builtin: [],
      config: {
        text: `[[agents]]\nid = "r"\nmatch = { names = ["r"] }\n[[agents.states]]\nstate = "working"\nscreen = { regex = true, any_of = ['(a+)+$'] }\n`,
      },
    });
    const t0 = performance.now();
    expect(evaluate(set, { agentId: 'r', screen: 'a'.repeat(1_000_000) + '!' }).state).toBe('idle');
    expect(performance.now() - t0).toBeLessThan(3_000);
  });
});
