// config.toml round trips through the UI's table edits: comments, blank lines, other tables and
// TOML 1.1 multi-line inline tables survive byte for byte; refused edits write nothing.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { editConfigTable as editConfigFile, editTable } from './tableEdit';

const USER_FILE = `# rozi config, hand-written
prefix = "ctrl-a"   # the usual

[[agents]]
id = "mca"
match = {
  names = ["mca"],   # TOML 1.1 multi-line inline table
}

[keys]
# my split key
"split-right" = "ctrl-a v"

[extensions.clock-sidebar]
# how often the clock ticks
every = 2
`;

function ok(r: ReturnType<typeof editTable>): string {
  if (!r.ok) throw new Error(r.reason);
  return r.text;
}

describe('config.toml table edits', () => {
  it('changes a value in place and keeps every other byte', () => {
    const out = ok(editTable(USER_FILE, { table: ['extensions', 'clock-sidebar'], set: { every: 5 } }));
    expect(out).toBe(USER_FILE.replace('every = 2', 'every = 5'));
  });

  it('adds [keys] entries with quoted action ids and removes one, keeping comments', () => {
    const out = ok(
      editTable(USER_FILE, { table: ['keys'], set: { 'hello-python.hello': 'ctrl-a t', 'new-tab': [] } }),
    );
    expect(out.startsWith('# rozi config, hand-written\nprefix = "ctrl-a"   # the usual\n')).toBe(true);
    expect(out).toContain('# my split key');
    expect(out).toContain('names = ["mca"],   # TOML 1.1 multi-line inline table');
    const keys = (parse(out) as { keys: Record<string, unknown> }).keys;
    expect(keys).toEqual({ 'split-right': 'ctrl-a v', 'hello-python.hello': 'ctrl-a t', 'new-tab': [] });
    const back = ok(
      editTable(out, { table: ['keys'], set: { 'hello-python.hello': null, 'new-tab': null } }),
    );
    expect((parse(back) as { keys: Record<string, unknown> }).keys).toEqual({ 'split-right': 'ctrl-a v' });
  });

  it('appends a table the file lacks, leaving the user text as a prefix', () => {
    const out = ok(
      editTable(USER_FILE, { table: ['extensions', 'hello-python'], set: { greeting: 'hi', loud: true } }),
    );
    expect(out.startsWith(USER_FILE)).toBe(true);
    expect(out.slice(USER_FILE.length)).toBe('\n[extensions.hello-python]\ngreeting = "hi"\nloud = true\n');
    expect(ok(editTable('', { table: ['keys'], set: { 'new-tab': 'ctrl-alt-t' } }))).toBe(
      '[keys]\nnew-tab = "ctrl-alt-t"\n',
    );
  });

  it('reports an unchanged edit and refuses a broken file without writing', () => {
    expect(editTable(USER_FILE, { table: ['extensions', 'clock-sidebar'], set: { every: 2 } })).toEqual({
      ok: true,
      text: USER_FILE,
      changed: false,
    });
    const r = editTable('[keys\nx = 1\n', { table: ['keys'], set: { a: 'b' } });
    expect(r.ok).toBe(false);
    const dir = mkdtempSync(join(tmpdir(), 'rozi-cfg-'));
    try {
      const file = join(dir, 'config.toml');
      writeFileSync(file, 'keys = "not a table"\n');
      expect(() => editConfigFile(file, { table: ['keys'], set: { a: 'b' } })).toThrow(
        /something other than a table/,
      );
      expect(readFileSync(file, 'utf8')).toBe('keys = "not a table"\n');
      writeFileSync(file, USER_FILE);
      editConfigFile(file, { table: ['extensions', 'clock-sidebar'], set: { every: 9 } });
      expect(readFileSync(file, 'utf8')).toBe(USER_FILE.replace('every = 2', 'every = 9'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
