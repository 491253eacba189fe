// rozi extensions enable <id>: enables an installed extension; a running server reloads and
// starts a new generation of it.
import type { Verb } from '../../verb';
import { enabledStateVerb } from './enabledStateVerb';

export const extensionsEnableVerb: Verb = enabledStateVerb(true);
