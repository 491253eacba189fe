// Verbs of remote hosts (issue 19): the host end (`host serve`), and hosts as a client sees them.
import type { Verb } from '../verb';
import { hostServeVerb } from './remote/hostServe';

export const remoteVerbs: Verb[] = [hostServeVerb];
