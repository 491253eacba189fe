// `rozi config …` edits (issue 18): single keys (get/set/unset/keys), [[…]] entries
// (list/add/edit/remove), undo and [keys] bindings (bind/bindings), all through the running
// server's config procedures, the path Settings and the keybinding editor use. `config check` and
// `config status` are listed with the agent verbs.
import type { Verb } from '../verb';
import { configBindingsVerb, configBindVerb } from './config/bind';
import { configAddVerb, configEditVerb, configListVerb, configRemoveVerb } from './config/entries';
import { configGetVerb } from './config/get';
import { configKeysVerb } from './config/keys';
import { configSetVerb, configUnsetVerb } from './config/set';
import { configUndoVerb } from './config/undo';

export const configVerbs: Verb[] = [
  configGetVerb,
  configSetVerb,
  configUnsetVerb,
  configKeysVerb,
  configListVerb,
  configAddVerb,
  configEditVerb,
  configRemoveVerb,
  configUndoVerb,
  configBindVerb,
  configBindingsVerb,
];
