// How a change of agent definitions on disk (an editor save or undo, an extension's [[agents]]
// loaded or gone) reaches live detection: the definitions are loaded again from disk (built-ins +
// config.toml + extensions, the loader the server starts with) and handed to the status service,
// which re-matches every pane and re-reads every screen. The bus event tells browsers to refetch
// what they show about definitions.
import type { DefinitionSet } from '@rozi/detect';
import type { EventBus } from '../events/bus';
import { loadDefinitionsFromDisk } from './loadDefinitions';

/** What live detection offers for a reload: the status service (status/statusService.ts). */
export interface DetectionTarget {
  setDefinitions(set: DefinitionSet): void;
}

export async function reloadDetection(o: {
  detection: DetectionTarget;
  bus: EventBus;
  env: NodeJS.ProcessEnv;
  reason: 'editor-save' | 'editor-undo' | 'extensions';
}): Promise<void> {
  o.detection.setDefinitions((await loadDefinitionsFromDisk(o.env)).set);
  o.bus.emit({ type: 'agent-definitions-changed', reason: o.reason });
}
