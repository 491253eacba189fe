// Verbs of remote hosts (issue 19): the host end (`host serve`), and hosts as a client sees them.
import type { Verb } from '../verb';
import { hostServeVerb } from './remote/hostServe';
import { newNamedVerb } from './remote/newNamed';
import {
  remoteConnectVerb,
  remoteDetachVerb,
  remoteHostsVerb,
  remoteInstallVerb,
} from './remote/remoteHosts';

export const remoteVerbs: Verb[] = [
  newNamedVerb,
  remoteHostsVerb,
  remoteConnectVerb,
  remoteDetachVerb,
  remoteInstallVerb,
  hostServeVerb,
];
