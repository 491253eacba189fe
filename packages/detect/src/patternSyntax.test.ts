// Regex-lite: what re2js would silently misread is rejected; Rust escapes are translated; the
// engine stays linear on inputs that make a backtracking engine explode.
import { describe, expect, it } from 'vitest';
import { compileRegexLite, translateRegexLite } from './patternSyntax';

describe('regex-lite syntax check', () => {
  it.each([
    ['\\<word', 'Rust word-boundary'],
    ['word\\>', 'Rust word-boundary'],
    ['\\b{start}x', 'boundary forms'],
    ['[a-z&&[^aeiou]]', 'set operation'],
    ['[a-z--b]', 'set operation'],
    ['[a~~b]', 'set operation'],
    ['[a[bc]]', 'nested character classes'],
    ['a{,3}', "'{,n}'"],
    ['\\u12', 'hex digits'],
    ['abc\\', 'trailing backslash'],
  ])('rejects %s', (pattern, message) => {
    const r = translateRegexLite(pattern);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain(message);
  });

  it.each([
    ['\\u2800', '\\x{2800}'],
    ['\\u{1F600}', '\\x{1F600}'],
    ['\\U0001F600', '\\x{0001F600}'],
    ['[\\u2801-\\u28FF]', '[\\x{2801}-\\x{28FF}]'],
    ['[[:alpha:]-]', '[[:alpha:]-]'],
    ['[]a]', '[]a]'],
    ['[^]a]', '[^]a]'],
    ['a-b--c', 'a-b--c'],
    ['\\\\u', '\\\\u'],
    ['x{2,3}', 'x{2,3}'],
  ])('passes %s through as %s', (pattern, source) => {
    expect(translateRegexLite(pattern)).toEqual({ ok: true, source });
  });

  it('compiles rozi-style patterns and matches case-insensitively', () => {
    for (const p of ['(?m)^\\s*[\\x{2800}-\\x{28FF}] ', '(?s)a.b', '\\p{L}+', '(?i)X'])
      expect(compileRegexLite(p).ok).toBe(true);
    const r = compileRegexLite('Esc To Interrupt');
    expect(r.ok && r.regex.test('… esc to interrupt')).toBe(true);
    expect(r.ok && r.regex.find('xx esc to interrupt')).toEqual({ start: 3, end: 19 });
  });

  it('rejects backreferences and look-around with the engine message', () => {
    for (const p of ['(a)\\1', '(?=a)', '(?<!a)b']) {
      const r = compileRegexLite(p);
      expect(r.ok).toBe(false);
    }
  });
});
