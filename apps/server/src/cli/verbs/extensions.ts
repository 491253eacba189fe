// Verbs of one area: rozi extensions …, invoke, actions, pick, prompt, sidebar. One file per verb beside this list.
import type { Verb } from '../verb';
import { extensionsCheckVerb } from './extensions/check';
import { extensionsNewVerb } from './extensions/new';

export const extensionVerbs: Verb[] = [extensionsCheckVerb, extensionsNewVerb];
