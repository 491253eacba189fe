import { describe, expect, it } from 'vitest';
import { decorationsOf, gitGroups, parentOf, relativeTo, statText, treeRows, type Listing } from './fileTree';

describe('treeRows', () => {
  it('walks expanded directories, notes loading, errors, emptiness and truncation', () => {
    const listings = new Map<string, Listing>([
      [
        '',
        {
          entries: [
            { name: 'src', kind: 'dir', link: null },
            { name: 'loop', kind: 'dir', link: 'loop' },
            { name: 'locked', kind: 'dir', link: null },
            { name: 'a.txt', kind: 'file', link: null },
          ],
          truncated: true,
        },
      ],
      ['src', { entries: [{ name: 'deep', kind: 'dir', link: null }], truncated: false }],
      ['locked', { error: 'no permission to read locked' }],
    ]);
    const rows = treeRows({
      listings,
      expanded: new Set(['src', 'src/deep', 'locked', 'loop']),
      decorations: decorationsOf({
        root: '/r',
        repo: '/r',
        changes: [{ path: 'src/x.ts', marker: 'M', added: 1, removed: 2 }],
      }),
      maxEntries: 4,
    });
    expect(
      rows.map((r) =>
        r.type === 'entry'
          ? `${'  '.repeat(r.depth)}${r.name}${r.expanded ? '/' : ''}${r.decoration ? ` ${r.decoration.marker}` : ''}`
          : `${'  '.repeat(r.depth)}(${r.text})`,
      ),
    ).toEqual([
      'src/ •',
      '  deep/',
      '    (Loading…)',
      'loop',
      'locked/',
      '  (no permission to read locked)',
      'a.txt',
      '(First 4 entries shown (max_entries))',
    ]);
    expect(rows.find((r) => r.type === 'entry' && r.name === 'loop')).toMatchObject({ expandable: false });
  });
});

describe('decorations and groups', () => {
  it('maps repository paths onto a tree rooted below the top', () => {
    const d = decorationsOf({
      root: '/repo/app',
      repo: '/repo',
      changes: [
        { path: 'app/src/a.ts', marker: 'M', added: 3, removed: 0 },
        { path: 'README.md', marker: 'M', added: 1, removed: 1 },
        { path: 'app/new/', marker: '?', added: null, removed: null },
      ],
    });
    expect(Object.fromEntries([...d].map(([k, v]) => [k, v.marker]))).toEqual({
      'src/a.ts': 'M',
      src: '•',
      new: '?',
    });
    expect(decorationsOf({ root: '/x', repo: null, changes: [] }).size).toBe(0);
    expect(relativeTo('/a', '/ab')).toBeNull();
    expect(parentOf('a/b/c')).toBe('a/b');
    expect(statText({ added: 2, removed: null })).toBe('+2 -0');
  });

  it('groups changed files under their directories', () => {
    const g = gitGroups([
      { path: 'src/b.ts', marker: 'M', added: null, removed: null },
      { path: 'top.md', marker: 'A', added: null, removed: null },
      { path: 'src/a.ts', marker: 'D', added: null, removed: null },
      { path: 'junk/', marker: '?', added: null, removed: null },
    ]);
    expect(g.map((x) => `${x.dir}: ${x.files.map((f) => f.name).join(',')}`)).toEqual([
      ': top.md,junk/',
      'src: b.ts,a.ts',
    ]);
  });
});
