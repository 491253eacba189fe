// The one loader: a config.toml written for rozi, using every table and key of rozi's
// configuration.md (fixtures/rozi-full-config.toml), loads with zero silent drops: every key is
// honoured, checked by its own reader, or reported with its line and reason. Unknown keys and
// wrong types are warnings with file and line; a syntax error gives line and column.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { diagnosticLine, keyText, loadConfigText, type ConfigRoot } from './configLoad';
import { KeyLines, type KeyPath } from './keyLines';
import { specOf } from './schema';

const FULL = fileURLToPath(new URL('./fixtures/rozi-full-config.toml', import.meta.url));

const isTable = (v: unknown): v is ConfigRoot =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

/** Every leaf key path of a parsed document (entries of arrays of tables by index). */
function leaves(v: ConfigRoot, at: KeyPath = []): KeyPath[] {
  return Object.entries(v).flatMap(([k, value]): KeyPath[] => {
    const path = [...at, k];
    if (isTable(value)) return leaves(value, path);
    if (Array.isArray(value) && value.length > 0 && value.every(isTable))
      return value.flatMap((e, i) => leaves(e as ConfigRoot, [...path, i]));
    return [path];
  });
}

describe('config.toml loader', () => {
  it('loads a config using every table of configuration.md with zero silent drops', () => {
    const text = readFileSync(FULL, 'utf8');
    const loaded = loadConfigText({ file: FULL, text });
    expect(loaded.root).not.toBeNull();
    // Nothing in rozi's documented config is unknown or mistyped.
    expect(loaded.diagnostics.filter((d) => d.kind === 'unknown-key' || d.kind === 'bad-type')).toEqual([]);
    const reported = loaded.diagnostics.map((d) => d.key);
    const ownedKeys = loaded.owned.map((o) => o.key);
    const keys = leaves(parse(text) as ConfigRoot);
    expect(keys.length).toBeGreaterThan(140);
    const silent = keys.filter((path) => {
      const text = keyText(path);
      // Reported itself, or under a reported or owned table / array of tables.
      const covered = (k: string) => text === k || text.startsWith(`${k}.`) || text.startsWith(`${k}[`);
      if (reported.some(covered) || ownedKeys.some(covered)) return false;
      return specOf(path)?.use.kind !== 'honoured';
    });
    expect(silent.map(keyText)).toEqual([]);
    // Every report names its line and, for a key with no web meaning, why.
    for (const d of loaded.diagnostics) expect(d.line, d.key).not.toBeNull();
    expect(diagnosticLine(loaded.diagnostics.find((d) => d.key === 'frame_rate')!)).toBe(
      `${FULL}:7: frame_rate has no meaning in the web edition: the browser paints at the display rate (requestAnimationFrame), not on a poll`,
    );
  });

  it('warns about unknown keys and wrong types with their lines, and names what the table takes', () => {
    const text =
      '# mine\nscrollback = "lots"\nbogus = 1\n\n[theme]\nnmae = "x"\n\n[[services]]\nname = "w"\nrunn = "x"\n';
    const d = loadConfigText({ file: 'c.toml', text }).diagnostics.filter(
      (x) => x.kind === 'unknown-key' || x.kind === 'bad-type',
    );
    expect(d.map(diagnosticLine)).toEqual([
      'c.toml:2: scrollback must be an integer; ignored',
      "c.toml:3: unknown key bogus, ignored: not a rozi setting nor one of this edition's",
      "c.toml:6: unknown key theme.nmae, ignored: not a rozi setting nor one of this edition's (this table takes name)",
      "c.toml:10: unknown key services[0].runn, ignored: not a rozi setting nor one of this edition's (this table takes name, run, cwd, restart, env)",
    ]);
  });

  it('gives a syntax error its line and column and no root', () => {
    const r = loadConfigText({ file: 'c.toml', text: 'a = 1\n[keys\n' });
    expect(r.root).toBeNull();
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ kind: 'syntax', line: 2 });
  });

  it('locates keys under tables, arrays of tables, dotted and quoted keys, past multi-line values', () => {
    const lines = new KeyLines(
      [
        'a = [', // 1
        '  "[not.a.table]",', // 2
        ']', // 3
        'b = """', // 4
        'x = 1', // 5
        '"""', // 6
        '[[services]]', // 7
        'name = "one"', // 8
        '[[services]]', // 9
        'name = "two"', // 10
        '[services.env]', // 11
        'K = "v"', // 12
        '[keys]', // 13
        '"ctrl-a e" = { send = "x" }', // 14
        'remote.hosts.box.user = "me"', // 15
      ].join('\n'),
    );
    expect(lines.lineOf(['a'])).toBe(1);
    expect(lines.lineOf(['b'])).toBe(4);
    expect(lines.lineOf(['x'])).toBeNull();
    expect(lines.lineOf(['services'])).toBe(7);
    expect(lines.lineOf(['services', 1, 'name'])).toBe(10);
    expect(lines.lineOf(['services', 1, 'env', 'K'])).toBe(12);
    expect(lines.lineOf(['keys', 'ctrl-a e', 'send'])).toBe(14);
    expect(lines.lineOf(['keys', 'remote', 'hosts', 'box', 'user'])).toBe(15);
  });
});
