// Verbs of one area: rozi extensions …, invoke, actions, pick, prompt, sidebar. One file per verb beside this list.
import type { Verb } from '../verb';

export const extensionVerbs: Verb[] = [];
