// The one list of CLI verbs. `rozi --help`, the argument parser and (through the server's action
// registry) the palette read it. Add a verb: write verbs/<name>.ts exporting `verb`, list it here.
import type { Verb } from './verb';

export const verbs: Verb[] = [];

export function findVerb(words: string[]): { verb: Verb; rest: string[] } | undefined {
  let best: { verb: Verb; rest: string[] } | undefined;
  for (const verb of verbs) {
    const n = verb.path.length;
    if (words.length >= n && verb.path.every((w, i) => words[i] === w)) {
      if (!best || n > best.verb.path.length) best = { verb, rest: words.slice(n) };
    }
  }
  return best;
}
