// Verbs of one area: server, sessions, panes, capture, send, notify (the foundation). One file per verb beside this list.
import type { Verb } from '../verb';

export const coreVerbs: Verb[] = [];
