// rozi extensions disable <id>: disables an installed extension; a running server reloads, stops
// its services and retires its generation.
import type { Verb } from '../../verb';
import { enabledStateVerb } from './enabledStateVerb';

export const extensionsDisableVerb: Verb = enabledStateVerb(false);
