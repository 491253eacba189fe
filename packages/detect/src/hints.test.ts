import { describe, expect, it } from 'vitest';
import {
  compileHintPatterns,
  hintLabels,
  HINT_ALPHABET,
  MAX_HINTS,
  scanHints,
  splitPathPosition,
} from './hints';

const kinds = (text: string, custom = compileHintPatterns([]).patterns) =>
  scanHints(text, custom).map((m) => [m.kind, m.text]);

describe('scanHints', () => {
  it('finds URLs, paths with line:col, IPs and SHAs in text order', () => {
    expect(
      kinds('see https://example.com/a?b=1, src/app/main.ts:12:3 at 10.0.0.12:8080 in 4f3c2a1b9 done'),
    ).toEqual([
      ['url', 'https://example.com/a?b=1'],
      ['path', 'src/app/main.ts:12:3'],
      ['ip', '10.0.0.12:8080'],
      ['sha', '4f3c2a1b9'],
    ]);
  });

  it('trims trailing punctuation and lets a URL win over the path inside it', () => {
    expect(kinds('(at https://x.org/a/b).')).toEqual([['url', 'https://x.org/a/b']]);
    expect(kinds('open /etc/hosts: ~/notes.md; ./run.sh!')).toEqual([
      ['path', '/etc/hosts'],
      ['path', '~/notes.md'],
      ['path', './run.sh'],
    ]);
  });

  it('leaves numbers, words, fractions and version-like dots alone (a/b is a relative path, as in rozi)', () => {
    expect(kinds('1234567 deadbeef 3/4 1.2.3.4.5 2024-01-01 v1.2.3')).toEqual([]);
    expect(kinds('commit 0123abc')).toEqual([['sha', '0123abc']]);
    expect(kinds('a 41-char run 0123456789abcdef0123456789abcdef012345678')).toEqual([]);
  });

  it('URLs and paths open, IPs and SHAs copy; an empty line has no hints', () => {
    expect(scanHints('http://a.b/c x/y.txt 10.1.1.1 abc1234').map((m) => m.opens)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(scanHints('')).toEqual([]);
  });

  it('adds [[hints]] patterns after the built-ins, case-sensitive, dropped on overlap', () => {
    const { patterns, problems } = compileHintPatterns([
      { pattern: 'ISSUE-[0-9]+', open: true },
      { pattern: '\\b[0-9a-f]{8}-[0-9a-f]{4}\\b' },
      { pattern: 'example' },
    ]);
    expect(problems).toEqual([]);
    const found = scanHints('ISSUE-42 issue-7 deadbeef-1234 https://example.com', patterns);
    expect(found.map((m) => [m.kind, m.text, m.opens])).toEqual([
      ['custom', 'ISSUE-42', true],
      ['custom', 'deadbeef-1234', false],
      ['url', 'https://example.com', true],
    ]);
  });

  it('names every bad [[hints]] entry and keeps the good ones', () => {
    const { patterns, problems } = compileHintPatterns([
      { pattern: '(a' },
      { pattern: '' },
      'text',
      { pattern: 'ok', open: 'yes' },
      { pattern: '(a)\\1' },
      { pattern: 'fine' },
    ]);
    expect(patterns.map((p) => p.pattern)).toEqual(['fine']);
    expect(problems).toHaveLength(5);
    expect(problems[0]).toMatch(/^\[\[hints\]\] #1: /);
    expect(problems[2]).toBe('[[hints]] #3 is not a table');
  });

  it('a pattern matching empty strings or everything stays bounded and linear', () => {
    const { patterns } = compileHintPatterns([{ pattern: 'x*' }, { pattern: '(a+)+$' }, { pattern: '.' }]);
    const text = 'a'.repeat(100_000) + '!';
    const t0 = Date.now();
    const found = scanHints(text, patterns);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(found.length).toBeLessThanOrEqual(MAX_HINTS);
  });
});

describe('hintLabels', () => {
  it('gives single letters while they last, then two, none a prefix of another', () => {
    expect(hintLabels(3)).toEqual(['a', 's', 'd']);
    const many = hintLabels(HINT_ALPHABET.length + 1);
    expect(many.every((l) => l.length === 2)).toBe(true);
    expect(new Set(many).size).toBe(many.length);
    expect(hintLabels(MAX_HINTS)).toHaveLength(MAX_HINTS);
    expect(HINT_ALPHABET).not.toContain('q');
  });
});

describe('splitPathPosition', () => {
  it('splits line and column as rozi does', () => {
    expect(splitPathPosition('./src/main.rs:12:3')).toEqual({
      file: './src/main.rs',
      line: '12',
      column: '3',
    });
    expect(splitPathPosition('a/b.ts:7')).toEqual({ file: 'a/b.ts', line: '7', column: '' });
    expect(splitPathPosition('./file:with:colon')).toEqual({
      file: './file:with:colon',
      line: '',
      column: '',
    });
    expect(splitPathPosition('./file:')).toEqual({ file: './file:', line: '', column: '' });
  });
});
