// Verbs of one area: rozi agents … and rozi config check. One file per verb beside this list.
import type { Verb } from '../verb';

export const agentVerbs: Verb[] = [];
