// Copy mode's row-local motions (rozi: keybindings.md "Copy mode"): w/b/e by word, W/B/E by
// WORD (whitespace-delimited), 0/^/$. They never leave the row, as in rozi. A row is given as one
// string per column; the right half of a wide character is '' and moves with its left half.

export type RowMotion = 'w' | 'b' | 'e' | 'W' | 'B' | 'E' | '0' | '^' | '$';

type CharClass = 0 | 1 | 2; // blank, word, punctuation

function classOf(ch: string, big: boolean): CharClass {
  if (ch === '' || ch === ' ' || ch === '\t') return 0;
  if (big) return 1;
  return /[\p{L}\p{N}_]/u.test(ch) ? 1 : 2;
}

/** Classes per column, a wide character's right half taking its left half's class. */
function classes(row: readonly string[], big: boolean): CharClass[] {
  const out: CharClass[] = [];
  row.forEach((ch, x) => out.push(ch === '' && x > 0 && row[x - 1] !== '' ? out[x - 1]! : classOf(ch, big)));
  return out;
}

/** The last column holding a non-blank character, or 0. */
export function lineEnd(row: readonly string[]): number {
  for (let x = row.length - 1; x >= 0; x--) if (classOf(row[x] ?? '', true) !== 0) return x;
  return 0;
}

/** Steps back over the right half of a wide character so the cursor sits on its left half. */
function settle(row: readonly string[], x: number): number {
  let at = x;
  while (at > 0 && row[at] === '' && row[at - 1] !== '' && classOf(row[at - 1]!, true) !== 0) at--;
  return at;
}

export function moveInRow(row: readonly string[], x: number, motion: RowMotion): number {
  const last = Math.max(0, row.length - 1);
  const big = motion === 'W' || motion === 'B' || motion === 'E';
  const cls = classes(row, big);
  const c = (i: number) => cls[i] ?? 0;
  let i = Math.min(Math.max(0, x), last);
  switch (motion) {
    case '0':
      return 0;
    case '^': {
      const first = cls.findIndex((k) => k !== 0);
      return first === -1 ? 0 : first;
    }
    case '$':
      return settle(row, lineEnd(row));
    case 'w':
    case 'W': {
      const start = c(i);
      if (start !== 0) while (i <= last && c(i) === start) i++;
      while (i <= last && c(i) === 0) i++;
      // No word after this one on the row: its end, never backwards.
      return i > last ? settle(row, Math.max(x, lineEnd(row))) : settle(row, i);
    }
    case 'e':
    case 'E': {
      if (i < last) i++;
      while (i < last && c(i) === 0) i++;
      const k = c(i);
      while (i < last && c(i + 1) === k && k !== 0) i++;
      return settle(row, k === 0 ? x : i);
    }
    case 'b':
    case 'B': {
      if (i > 0) i--;
      while (i > 0 && c(i) === 0) i--;
      const k = c(i);
      while (i > 0 && c(i - 1) === k && k !== 0) i--;
      return k === 0 ? x : settle(row, i);
    }
  }
}
