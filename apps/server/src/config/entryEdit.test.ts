// The Settings editors' [[commands]] / [[services]] / [[rules]] edits on a hand-written file:
// every byte the edit does not concern survives (comments, blank lines, other tables), each op's
// inverse restores the entries, refused edits say why in one line, and Undo brings back removed
// comment lines when the file is still what the edit wrote.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { afterEach, describe, expect, it } from 'vitest';
import { entryProblem } from './entryCheck';
import { editEntries, editEntryFile, type EntryOp, type EntryTable } from './entryEdit';
import { recordConfigEdit, undoConfigEdit } from './configUndo';

const USER_FILE = `# rozi config, hand-written
shell = "/bin/sh"   # the usual

# build things
[[commands]]
id = "build"  # the id the palette shows
run = "make"
keep_open = false

# kept after build

[[commands]]
id = "tests"
exec = "npm test"

[keys]
build = "b"

[[rules]]
match = "htop"
float = true

[[rules]]
match_regex = "^lazygit"
workspace = 2

[[services]]
name = "watch"
run = "sleep 100"
env = { A = "1" }
`;

function ok(text: string, table: EntryTable, op: EntryOp): string {
  const r = editEntries(text, table, op);
  if (!r.ok) throw new Error(r.reason);
  return r.text;
}

const list = (text: string, table: string) => (parse(text) as Record<string, unknown>)[table];

describe('config.toml entry edits', () => {
  it('adds an entry after the last of its kind, the rest of the file byte for byte', () => {
    const out = ok(USER_FILE, 'commands', { op: 'add', entry: { id: 'lint', run: 'npm run lint' } });
    expect(out).toBe(
      USER_FILE.replace(
        'exec = "npm test"\n',
        'exec = "npm test"\n\n[[commands]]\nid = "lint"\nrun = "npm run lint"\n',
      ),
    );
  });

  it('adds the first entry of a table at the end of the file', () => {
    const out = ok('# just a comment\n', 'services', {
      op: 'add',
      entry: { name: 'w', run: 'echo "hi"\u007f', env: { 'A B': 'x' } },
    });
    expect(out).toBe(
      '# just a comment\n\n[[services]]\nname = "w"\nrun = "echo \\"hi\\"\\u007f"\nenv = { "A B" = "x" }\n',
    );
    expect(ok('', 'rules', { op: 'add', entry: { match: 'x' } })).toBe('[[rules]]\nmatch = "x"\n');
  });

  it('changes one key in place, keeping its comment, and adds and removes keys', () => {
    const expect0 = { id: 'build', run: 'make', keep_open: false };
    const out = ok(USER_FILE, 'commands', {
      op: 'set',
      index: 0,
      expect: expect0,
      entry: { id: 'make', run: 'make', label: 'Build it' },
    });
    expect(out).toBe(
      USER_FILE.replace(
        'id = "build"  # the id the palette shows\nrun = "make"\nkeep_open = false\n',
        'id = "make"  # the id the palette shows\nrun = "make"\nlabel = "Build it"\n',
      ),
    );
  });

  it('removes an entry with its own comments, leaving detached ones and one blank line', () => {
    const out = ok(USER_FILE, 'commands', {
      op: 'remove',
      index: 0,
      expect: { id: 'build', run: 'make', keep_open: false },
    });
    expect(out).toBe(
      USER_FILE.replace(
        '# build things\n[[commands]]\nid = "build"  # the id the palette shows\nrun = "make"\nkeep_open = false\n\n',
        '',
      ),
    );
  });

  it('moves rules up and down; the inverse of every op restores the entries', () => {
    const rules = list(USER_FILE, 'rules') as Array<Record<string, unknown>>;
    const r = editEntries(USER_FILE, 'rules', { op: 'move', index: 1, to: 0, expect: rules[1] as never });
    if (!r.ok) throw new Error(r.reason);
    expect(list(r.text, 'rules')).toEqual([rules[1], rules[0]]);
    expect(r.text).toContain(
      '[[rules]]\nmatch_regex = "^lazygit"\nworkspace = 2\n\n[[rules]]\nmatch = "htop"',
    );
    const back = editEntries(r.text, 'rules', r.inverse);
    if (!back.ok) throw new Error(back.reason);
    expect(back.text).toBe(USER_FILE);
    const ops: Array<[EntryTable, EntryOp]> = [
      [
        'services',
        {
          op: 'set',
          index: 0,
          expect: { name: 'watch', run: 'sleep 100', env: { A: '1' } },
          entry: { name: 'watch', run: 'sleep 5', env: { A: '2' } },
        },
      ],
      ['commands', { op: 'remove', index: 1, expect: { id: 'tests', exec: 'npm test' } }],
      ['rules', { op: 'add', entry: { match: 'btop', focus: false }, at: 0 }],
    ];
    for (const [table, op] of ops) {
      const e = editEntries(USER_FILE, table, op);
      if (!e.ok) throw new Error(e.reason);
      const inv = editEntries(e.text, table, e.inverse);
      if (!inv.ok) throw new Error(inv.reason);
      expect(list(inv.text, table)).toEqual(list(USER_FILE, table));
    }
  });

  it('refuses in one line: a stale entry, an inline array, a broken file', () => {
    const stale = editEntries(USER_FILE, 'commands', {
      op: 'remove',
      index: 0,
      expect: { id: 'other', run: 'x' },
    });
    expect(stale).toEqual({
      ok: false,
      reason: '[[commands]] #1 changed in config.toml since this page read it; look again',
    });
    const inline = editEntries('rules = [{ match = "x" }]\n', 'rules', { op: 'add', entry: { match: 'y' } });
    expect(inline.ok || inline.reason).toMatch(/inline array/);
    const broken = editEntries('[[rules]\nmatch = 1\n', 'rules', { op: 'add', entry: { match: 'y' } });
    expect(broken.ok || broken.reason).toMatch(/^config.toml does not parse, so it is left as it is: /);
  });

  it('names the field the server would skip an entry for', () => {
    const check = (table: EntryTable, entry: Record<string, never | string | boolean>, others = []) =>
      entryProblem({ table, entry, others });
    expect(check('commands', { id: 'Bad Id', run: 'x' })).toBe(
      'id must be lowercase letters, digits, _ or -',
    );
    expect(check('commands', { id: 'x', run: ' ' })).toBe('run must be a non-empty string');
    expect(check('commands', { id: 'x' })).toBe('give exactly one of run, send, popup or exec');
    expect(check('commands', { id: 'split-right', run: 'x' })).toBe("'split-right' is a built-in action id");
    expect(check('services', { name: 'a b', run: 'x' })).toMatch(/^name must be letters/);
    expect(check('services', { name: 'w', run: '' })).toBe('run must be a non-empty command line');
    expect(check('rules', { match_regex: '(' })).toMatch(/^match_regex is not a valid pattern/);
    expect(check('rules', { match: 'x', kind: 'y' })).toBe('unknown key kind');
    expect(
      entryProblem({ table: 'services', entry: { name: 'w', run: 'x' }, others: [{ name: 'w', run: 'y' }] }),
    ).toBe("a service named 'w' already exists in config.toml; choose another name");
    expect(check('rules', { match: 'x', float: true })).toBeNull();
  });
});

describe('config.toml entry edits on disk, and Undo', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('Undo puts the removed comment lines back byte for byte, and applies the inverse after a hand edit', () => {
    dir = mkdtempSync(join(tmpdir(), 'rozi-entry-'));
    const file = join(dir, 'config.toml');
    writeFileSync(file, USER_FILE);
    const table = 'commands';
    const e = editEntryFile({
      file,
      table,
      op: { op: 'remove', index: 0, expect: { id: 'build', run: 'make', keep_open: false } },
    });
    expect(e.changed).toBe(true);
    const id = recordConfigEdit({
      file,
      label: 'Remove build',
      ...e,
      inverse: { kind: 'entry', table, op: e.inverse },
    });
    expect(undoConfigEdit({ file, id })).toEqual({ label: 'Remove build', exact: true });
    expect(readFileSync(file, 'utf8')).toBe(USER_FILE);
    expect(() => undoConfigEdit({ file, id })).toThrow(/can no longer be undone/);

    const e2 = editEntryFile({
      file,
      table,
      op: { op: 'add', entry: { id: 'lint', send: 'npm run lint\n' } },
    });
    const id2 = recordConfigEdit({
      file,
      label: 'Add lint',
      ...e2,
      inverse: { kind: 'entry', table, op: e2.inverse },
    });
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n# a hand edit meanwhile\n`);
    expect(undoConfigEdit({ file, id: id2 })).toEqual({ label: 'Add lint', exact: false });
    expect(readFileSync(file, 'utf8')).toBe(`${USER_FILE}\n# a hand edit meanwhile\n`);
  });
});
