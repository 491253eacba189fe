// How a save from the editor reaches live detection: the definitions are loaded again from disk
// (built-ins + config.toml + extensions, the same loader the server starts with) and handed to
// the status service, which re-matches every pane and re-reads every screen. The bus event tells
// browsers to refetch what they show about definitions.
import { loadDefinitionsFromDisk } from '../detection/loadDefinitions';
import type { SessionManager } from '../session/manager';
import { maybeStatusService } from '../status/statusAccess';

/** True when live detection picked the change up; false when no detection runs in this server. */
export async function reloadDetection(
  manager: SessionManager,
  o: { reason: 'editor-save' | 'editor-undo'; env: NodeJS.ProcessEnv },
): Promise<boolean> {
  const status = maybeStatusService(manager);
  if (status) status.setDefinitions((await loadDefinitionsFromDisk(o.env)).set);
  manager.bus.emit({ type: 'agent-definitions-changed', reason: o.reason });
  return status !== undefined;
}
