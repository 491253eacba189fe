// Hostile extension.toml input: every case ends in a clear, one-line error and the verdict
// invalid, never an exception, with memory and time bounded by the 1 MiB cap and the structure
// limits. UTF-8 decoding happens in the pure part (manifestText.ts): bytes in, checked there.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkManifest, MAX_MANIFEST_BYTES, readManifestText } from '../src/manifest/index';

const opts = { roziVersion: '0.0.44', platform: 'linux' };
const HEAD = '[extension]\nid = "fx"\napi = 1\n';
const enc = (s: string) => new TextEncoder().encode(s);

function codes(input: Uint8Array | string): string[] {
  const r = checkManifest(input, opts);
  expect(r.verdict).toBe('invalid');
  for (const e of r.errors) expect(e.message).not.toMatch(/\n/);
  return r.errors.map((e) => e.code);
}

describe('size', () => {
  it('rejects bytes over 1 MiB without decoding them', () => {
    const big = new Uint8Array(MAX_MANIFEST_BYTES + 1).fill(0x61);
    expect(codes(big)).toEqual(['too-large']);
    expect(checkManifest(big, opts).errors[0]?.line).toBeNull();
  });
  it('rejects a string whose UTF-8 form is over 1 MiB', () => {
    expect(codes('é'.repeat(MAX_MANIFEST_BYTES / 2 + 1))).toEqual(['too-large']);
    expect(codes(HEAD + `description = "${'x'.repeat(MAX_MANIFEST_BYTES)}"\n`)).toEqual(['too-large']);
  });
  it('accepts exactly 1 MiB', () => {
    const pad = MAX_MANIFEST_BYTES - enc(HEAD).length - 1;
    const text = HEAD + '#'.repeat(pad) + '\n';
    expect(enc(text).length).toBe(MAX_MANIFEST_BYTES);
    expect(checkManifest(enc(text), opts).verdict).toBe('valid');
  });
});

describe('shape', () => {
  it('rejects inline nesting beyond the depth limit inside the parser', () => {
    expect(codes(HEAD + `[settings]\nx = ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`)).toEqual([
      'too-deep',
    ]);
  });
  it('rejects a table header 10,000 levels deep', () => {
    expect(codes(HEAD + `[${Array(10_000).fill('a').join('.')}]\nx = 1\n`)).toEqual(['too-deep']);
  });
  it('rejects a dotted key 10,000 levels deep', () => {
    expect(codes(HEAD + `${Array(10_000).fill('k').join('.')} = 1\n`)).toEqual(['too-deep']);
  });
  it('rejects a very long string, array and table', () => {
    expect(codes(HEAD + `description = "${'x'.repeat(70_000)}"\n`)).toEqual(['too-long']);
    expect(codes(HEAD + `[settings]\nlist = [${Array(5000).fill('"a"').join(',')}]\n`)).toEqual(['too-long']);
    expect(
      codes(HEAD + '[settings]\n' + Array.from({ length: 5000 }, (_, i) => `k${i} = 1`).join('\n') + '\n'),
    ).toEqual(['too-long']);
    expect(codes(HEAD + `[settings]\n${'k'.repeat(300)} = 1\n`)).toEqual(['too-long']);
  });
  it('checks thousands of contributions within the limits', () => {
    const many = Array.from({ length: 4000 }, (_, i) => `[[commands]]\nid = "c${i}"\nsend = "x"\n`).join(
      '\n',
    );
    expect(checkManifest(HEAD + many, opts).verdict).toBe('valid');
  });
  it('reports at most a bounded number of structure findings', () => {
    const lines = Array.from({ length: 200 }, (_, i) => `s${i} = "${'x'.repeat(70_000)}"`);
    // 200 × 70 KB is over 1 MiB; keep it under by using fewer, still more than the cap.
    const text = HEAD + '[settings]\n' + lines.slice(0, 14).join('\n') + '\n';
    const r = checkManifest(text, opts);
    expect(r.errors.length).toBeGreaterThan(1);
    expect(r.errors.length).toBeLessThanOrEqual(20);
  });
});

describe('bytes and encoding', () => {
  it('rejects a NUL byte with its line', () => {
    const r = checkManifest(enc(HEAD + 'title = "a\u0000b"\n'), opts);
    expect(r.errors).toEqual([
      { code: 'nul-byte', path: '', line: 4, message: expect.stringContaining('NUL') },
    ]);
    expect(codes(HEAD + '\u0000')).toEqual(['nul-byte']);
  });
  it('reports a BOM as an error and still checks the rest', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc(HEAD + 'bogus = 1\n')]);
    expect(codes(bytes).sort()).toEqual(['unknown-key', 'utf8-bom']);
    expect(codes('\ufeff' + HEAD)).toEqual(['utf8-bom']);
  });
  it.each([
    ['a lone continuation byte', [0x80]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['an overlong three-byte form', [0xe0, 0x80, 0xaf]],
    ['a UTF-16 surrogate', [0xed, 0xa0, 0x80]],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a truncated sequence', [0xe2, 0x82]],
    ['an invalid lead byte', [0xff]],
  ])('rejects invalid UTF-8: %s, with its line', (_what, bad) => {
    const bytes = new Uint8Array([...enc(HEAD + 'title = "'), ...bad, ...enc('"\n')]);
    const r = checkManifest(bytes, opts);
    expect(r.errors).toEqual([
      { code: 'invalid-utf8', path: '', line: 4, message: expect.stringContaining('UTF-8') },
    ]);
  });
  it('rejects a string holding a lone surrogate', () => {
    expect(codes(HEAD + 'title = "\ud800"\n')).toEqual(['invalid-utf8']);
  });
  it('decodes exactly as a fatal TextDecoder does', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const clean = bytes.map((b) => (b === 0 ? 1 : b));
        let expected: string | undefined;
        try {
          expected = decoder.decode(clean);
        } catch {
          expected = undefined;
        }
        const got = readManifestText(clean);
        const text = got.problems.some((p) => p.code === 'utf8-bom') ? '\ufeff' + (got.text ?? '') : got.text;
        expect(text).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        const clean = s.replace(/\u0000/g, '').replace(/^\ufeff/, '');
        expect(readManifestText(enc(clean)).text).toBe(clean);
      }),
      { numRuns: 1000 },
    );
  });
});
