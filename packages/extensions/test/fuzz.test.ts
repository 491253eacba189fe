// Random mutations of valid manifests, as text and as TOML values: the check never throws,
// always answers with one of the three verdicts, and its answer is self-consistent. Runs a
// few hundred cases per property, a few seconds in CI.
import fc from 'fast-check';
import { parse, stringify } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { checkManifest, type ManifestCheck } from '../src/manifest/index';
import { isTable } from '../src/manifest/tomlValue';
import { loadFixtures } from './fixtureSet';

const opts = { roziVersion: '0.0.44', platform: 'linux' };
const valid = loadFixtures().filter((f) => f.verdict === 'valid' && !f.options.snapshot);
const SNIPPETS = [
  '[[commands]]',
  '[[services]]',
  '[[actions]]',
  '[settings]',
  '[[sidebar_tabs]]',
  '[[hooks]]',
  '[[agents]]',
  '[[agents.states]]',
  'id = "x"',
  'exec = ["./a"]',
  'exec = "a b"',
  'placement = "each-host"',
  'placement = "session"',
  'send = "x"',
  'shell = ""',
  'x = 1.5',
  'x = 1979-05-27',
  'x = { default = 1, min = 5 }',
  'api = 2',
  'api = 1',
  'stream = true',
  'args_schema = { "$ref" = "http://x" }',
  'schemes = []',
  'command = "nope"',
  'interval = -1',
  '"\u00e9" = "\u{1F600}"',
  'k = """\nmulti\n"""',
  '\ufeff',
  '[extension]',
];

function consistent(r: ManifestCheck): void {
  expect(['valid', 'invalid', 'incompatible']).toContain(r.verdict);
  if (r.verdict === 'valid') expect(r.errors).toEqual([]);
  else expect(r.errors.length).toBeGreaterThan(0);
  expect(r.manifest === undefined).toBe(r.verdict === 'invalid');
  for (const d of [...r.errors, ...r.hints]) {
    expect(d.message.trim()).not.toBe('');
    expect(d.message).not.toMatch(/\n/);
    expect(d.line === null || (Number.isInteger(d.line) && d.line >= 1)).toBe(true);
  }
  expect(r.discover.ready).toBe(r.discover.problems.length === 0);
  // A manifest that does not read as TOML cannot be listed, whatever else it says.
  if (r.discover.ready)
    for (const e of r.errors)
      expect(['toml-syntax', 'invalid-utf8', 'nul-byte', 'too-large']).not.toContain(e.code);
  JSON.stringify({ ...r, manifest: undefined });
}

const textMutation = fc.oneof(
  fc.record({ kind: fc.constant('delete-line' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate-line' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), snippet: fc.constantFrom(...SNIPPETS) }),
  fc.record({
    kind: fc.constant('replace-char' as const),
    at: fc.nat(),
    ch: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);
type TextMutation = typeof textMutation extends fc.Arbitrary<infer T> ? T : never;

function applyText(text: string, m: TextMutation): string {
  const lines = text.split('\n');
  const i = m.at % Math.max(1, lines.length);
  switch (m.kind) {
    case 'delete-line':
      lines.splice(i, 1);
      return lines.join('\n');
    case 'duplicate-line':
      lines.splice(i, 0, lines[i] ?? '');
      return lines.join('\n');
    case 'insert':
      lines.splice(i, 0, m.snippet);
      return lines.join('\n');
    case 'replace-char': {
      const j = m.at % Math.max(1, text.length);
      return text.slice(0, j) + m.ch + text.slice(j + 1);
    }
    case 'truncate':
      return text.slice(0, m.at % Math.max(1, text.length));
  }
}

const VALUES: unknown[] = [
  '',
  'x',
  './a',
  '/abs',
  '~/x',
  '../up',
  0n,
  -1n,
  1n,
  700000n,
  1.5,
  true,
  false,
  [],
  ['a'],
  [1n, 'a'],
  {},
  { a: 1n },
  { default: 1n },
];

const valueMutation = fc.record({
  pick: fc.nat(),
  op: fc.constantFrom('delete', 'set', 'add-key'),
  value: fc.constantFrom(...VALUES),
  key: fc.constantFrom(
    'id',
    'exec',
    'placement',
    'default',
    'bogus',
    'name',
    'label',
    'settings',
    'cwd',
    'env',
    'script',
  ),
});

/** Every table in the document with a path, for picking a place to mutate. */
function tables(root: Record<string, unknown>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (isTable(v)) {
      out.push(v);
      stack.push(...Object.values(v));
    }
  }
  return out;
}

describe('fuzz: mutated manifests always get a verdict', () => {
  it('survives random text mutations', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...valid),
        fc.array(textMutation, { minLength: 1, maxLength: 4 }),
        (f, muts) => {
          const text = muts.reduce(applyText, f.text);
          consistent(checkManifest(text, opts));
          consistent(checkManifest(new TextEncoder().encode(text), opts));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('survives random value mutations (wrong types, missing and unknown keys)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...valid),
        fc.array(valueMutation, { minLength: 1, maxLength: 3 }),
        (f, muts) => {
          const root = parse(f.text, { integersAsBigInt: true }) as Record<string, unknown>;
          for (const m of muts) {
            const all = tables(root);
            const t = all[m.pick % all.length] as Record<string, unknown>;
            const keys = Object.keys(t);
            if (m.op === 'delete' && keys.length) delete t[keys[m.pick % keys.length] as string];
            else if (m.op === 'set' && keys.length)
              t[keys[m.pick % keys.length] as string] = structuredClone(m.value);
            else t[m.key] = structuredClone(m.value);
          }
          let text: string;
          try {
            text = stringify(root);
          } catch {
            return; // not every mutated value has a TOML form (e.g. a table inside a mixed array)
          }
          consistent(checkManifest(text, opts));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('survives arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => consistent(checkManifest(bytes, opts))),
      { numRuns: 500 },
    );
  });
});
