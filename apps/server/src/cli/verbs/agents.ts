// Verbs of one area: rozi agents … and rozi config check. One file per verb beside this list.
import type { Verb } from '../verb';
import { agentsDefinitionsVerb } from './agents/definitions';
import { agentsDetectVerb } from './agents/detect';
import { agentsTestVerb } from './agents/test';
import { configCheckVerb } from './agents/configCheck';

export const agentVerbs: Verb[] = [agentsTestVerb, agentsDetectVerb, agentsDefinitionsVerb, configCheckVerb];
