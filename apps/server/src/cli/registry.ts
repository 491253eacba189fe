// The one list of CLI verbs. `rozi --help`, the argument parser and (through the server's action
// registry) the palette read it. Add a verb: write verbs/<area>/<name>.ts exporting it and list it
// in its area's array (verbs/core.ts, verbs/agents.ts, verbs/extensions.ts).
import type { Verb } from './verb';
import { coreVerbs } from './verbs/core';
import { agentVerbs } from './verbs/agents';
import { configVerbs } from './verbs/config';
import { extensionVerbs } from './verbs/extensions';
import { remoteVerbs } from './verbs/remote';
import { worktreeVerbs } from './verbs/worktrees';

export const verbs: Verb[] = [
  ...coreVerbs,
  ...agentVerbs,
  ...configVerbs,
  ...extensionVerbs,
  ...remoteVerbs,
  ...worktreeVerbs,
];

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
