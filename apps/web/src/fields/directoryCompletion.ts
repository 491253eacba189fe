// Pure helpers of the directory field (DirectoryInput.tsx).

/** The part every entry starts with (what Tab completes to when several match). */
export function commonPrefix(entries: readonly string[]): string | undefined {
  const [first, ...others] = entries;
  if (first === undefined) return undefined;
  let end = first.length;
  for (const other of others) {
    let i = 0;
    while (i < end && i < other.length && other[i] === first[i]) i++;
    end = i;
  }
  return first.slice(0, end);
}

/** The highlighted row after ↓ (+1) or ↑ (-1), wrapping; -1 = none highlighted yet. */
export function stepActive(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  const next = active + step;
  if (next >= count) return 0;
  if (next < 0) return count - 1;
  return next;
}
