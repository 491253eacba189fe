// What an unknown verb or flag was probably meant to be: the known word at the smallest edit
// distance, when it is close enough to be a typo (two edits, or a third of a longer word).

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = cur;
  }
  return prev[b.length] as number;
}

/** The closest of `known` to `word`, or undefined when none is a likely typo of it. */
export function closest(word: string, known: readonly string[]): string | undefined {
  let best: { word: string; d: number } | undefined;
  for (const k of known) {
    const d = distance(word, k);
    if (!best || d < best.d) best = { word: k, d };
  }
  return best && best.d <= Math.max(2, Math.floor(word.length / 3)) ? best.word : undefined;
}
