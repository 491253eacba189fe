// The Changes view's counts arrive after its list: laid over the uncounted files only, totals
// summed again, and "counted" once every file has its lines.
import { describe, expect, it } from 'vitest';
import { withCounts } from './countsModel';

const page = {
  files: [
    { path: 'a.ts', added: 2, removed: 1, binary: false, counted: true },
    { path: 'b.ts', added: 0, removed: 0, binary: false, counted: false },
    { path: 'c.png', added: 0, removed: 0, binary: false, counted: false },
  ],
  totals: { files: 3, added: 2, removed: 1, counted: false },
  page: 0,
};

describe('withCounts', () => {
  it('fills in the files off the page and sums the totals again', () => {
    const d = withCounts(page, [
      { path: 'a.ts', added: 99, removed: 99, binary: false },
      { path: 'b.ts', added: 5, removed: 0, binary: false },
      { path: 'c.png', added: 0, removed: 0, binary: true },
    ]);
    expect(d.files.map((f) => [f.path, f.added, f.removed, f.binary, f.counted])).toEqual([
      ['a.ts', 2, 1, false, true],
      ['b.ts', 5, 0, false, true],
      ['c.png', 0, 0, true, true],
    ]);
    expect(d.totals).toEqual({ files: 3, added: 7, removed: 1, counted: true });
    expect(d.page).toBe(0);
  });

  it('leaves the page as it came until the counts arrive, and a file they miss uncounted', () => {
    expect(withCounts(page, null)).toBe(page);
    const d = withCounts(page, [{ path: 'b.ts', added: 1, removed: 1, binary: false }]);
    expect(d.totals).toEqual({ files: 3, added: 3, removed: 2, counted: false });
  });
});
