// The prefilter and line anchors are optimisations: they must never change a verdict or a span.
// Checked against the bare engine on random patterns and texts built from the same pieces.
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { compileRegexLite, translateRegexLite } from './patternSyntax';
import { lineAnchors, regexPrefilter } from './regexPrefilter';

const atoms = [
  'esc',
  'esc.*interrupt',
  'esc\\s+interrupt',
  'Esc',
  ' to ',
  'interrupt',
  '\\.',
  '\\?',
  'a',
  'ſ',
  'K',
  '⠹',
  '[\\x{2801}-\\x{28ff}]',
  '[❯›]',
  '[ \\t]*',
  '[^\\n]*',
  '[^x]',
  '\\s+',
  '\\S',
  '\\d+',
  '.',
  '^',
  '$',
  '\\b',
  '(?:yes|no)',
  '(?:ok|\\d)',
  '(?:esc)?',
  'x{2,3}',
  'y{0,2}',
  '|',
  '(?:a|b\\n)',
];
const pattern = fc
  .tuple(
    fc.constantFrom('', '(?m)', '(?s)', '(?i)'),
    fc.array(fc.constantFrom(...atoms), { minLength: 1, maxLength: 7 }),
  )
  .map(([flags, parts]) => flags + parts.join(''));
// Line breaks and the words the atoms name come often, so matches that span lines get tried.
const text = fc
  .array(
    fc.constantFrom(
      'esc',
      'ESC',
      ' to ',
      'interrupt',
      '.',
      '?',
      'a',
      's',
      'S',
      'k',
      '⠹',
      '❯',
      ' ',
      '\t',
      '\n',
      '\n',
      'esc\ninterrupt',
      'yes',
      'NO',
      'ok',
      '7',
      'x',
      'xx',
      'y',
      'b',
    ),
    { maxLength: 40 },
  )
  .map((p) => p.join(''));

describe('regex prefilter', () => {
  it('never changes what the engine finds', () => {
    fc.assert(
      fc.property(pattern, text, (p, t) => {
        const translated = translateRegexLite(p);
        if (!translated.ok) return;
        let bare: RE2JS;
        try {
          bare = RE2JS.compile(translated.source, RE2JS.CASE_INSENSITIVE);
        } catch {
          return;
        }
        const compiled = compileRegexLite(p);
        expect(compiled.ok).toBe(true);
        if (!compiled.ok) return;
        expect(compiled.regex.test(t)).toBe(bare.test(t));
        const m = bare.matcher(t);
        const found = compiled.regex.find(t);
        if (m.find()) {
          expect(found).not.toBeNull();
          // A line-restricted search reports a match in the same line; the engine's own span
          // is the leftmost one, and both lie on the first line that holds a match.
          expect(t.lastIndexOf('\n', found!.start - 1)).toBe(t.lastIndexOf('\n', m.start() - 1));
        } else expect(found).toBeNull();
      }),
      { numRuns: 3000 },
    );
  }, 120_000);

  it('derives the conditions the common shapes need', () => {
    const pre = regexPrefilter('(?m)(?:^|[·•])[ \\t]*(?:esc|ctrl\\+c)(?: to)? interrupt')!;
    expect(pre('  ⏸ on · ESC TO INTERRUPT')).toBe(true);
    expect(pre('nothing here')).toBe(false);
    expect(regexPrefilter('(a|.)')).toBeNull();
    expect(regexPrefilter('\\Qa.b\\E')).toBeNull();
    expect(lineAnchors('(?s)esc.*interrupt')).toBeNull();
    expect(lineAnchors('esc\\s+interrupt')).toBeNull();
    expect(lineAnchors('^esc')).toBeNull();
    expect(lineAnchors('(?m)^[^x]*esc')).toBeNull();
    expect(lineAnchors('(?m)^[^\\n]*esc to interrupt$')?.test('x esc to interrupt')).toBe(true);
  });
});
