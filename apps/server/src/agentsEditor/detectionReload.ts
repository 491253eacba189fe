// How a save from the editor reaches live detection. Whoever runs detection in this server (the
// status subsystem) registers a reloader here; the editor calls reloadDetection after every write
// to config.toml. The bus event tells browsers to refetch what they show about definitions, and
// lets a config watcher that reloads anyway skip its own duplicate work.
import type { SessionManager } from '../session/manager';

export type DetectionReloader = (reason: 'editor-save' | 'editor-undo') => Promise<void> | void;

const reloaders = new WeakMap<SessionManager, DetectionReloader>();

export function setDetectionReloader(manager: SessionManager, reload: DetectionReloader): () => void {
  reloaders.set(manager, reload);
  return () => {
    if (reloaders.get(manager) === reload) reloaders.delete(manager);
  };
}

/** True when live detection picked the change up; false when no detection runs in this server. */
export async function reloadDetection(manager: SessionManager, reason: 'editor-save' | 'editor-undo'): Promise<boolean> {
  const reload = reloaders.get(manager);
  if (reload) await reload(reason);
  manager.bus.emit({ type: 'agent-definitions-changed', reason });
  return reload !== undefined;
}
