// A diff page's file list with the counts that arrived after it (diffCounts): every file's lines,
// added to the page's own. Pure, so the merge is tested without a page.

export interface CountedFile {
  path: string;
  added: number;
  removed: number;
  binary: boolean;
  counted: boolean;
}

export interface CountsOf {
  path: string;
  added: number;
  removed: number;
  binary: boolean;
}

export interface WithTotals<F extends CountedFile> {
  files: F[];
  totals: { files: number; added: number; removed: number; counted: boolean };
}

/** The page with `counts` laid over its files (null: not here yet, the page as it came). */
export function withCounts<F extends CountedFile, D extends WithTotals<F>>(
  diff: D,
  counts: CountsOf[] | null,
): D {
  if (!counts || diff.totals.counted) return diff;
  const byPath = new Map(counts.map((c) => [c.path, c]));
  const files = diff.files.map((f) => {
    const c = f.counted ? undefined : byPath.get(f.path);
    return c ? { ...f, added: c.added, removed: c.removed, binary: c.binary, counted: true } : f;
  });
  const counted = files.filter((f) => f.counted);
  return {
    ...diff,
    files,
    totals: {
      files: files.length,
      added: counted.reduce((n, f) => n + f.added, 0),
      removed: counted.reduce((n, f) => n + f.removed, 0),
      counted: counted.length === files.length,
    },
  };
}
