// The server's one event bus: typed publish/subscribe for ServerEvent. The session manager
// publishes; the WebSocket hub forwards to browsers; persistence, detection and extension hooks
// subscribe. Listeners run synchronously and must not throw (a throwing listener is reported and
// skipped so one subsystem cannot break the others).
import type { ServerEvent, ServerEventOf, ServerEventType } from './types';

type Listener<E> = (event: E) => void;

export class EventBus {
  private readonly all = new Set<Listener<ServerEvent>>();
  private readonly byType = new Map<ServerEventType, Set<Listener<ServerEvent>>>();
  private workspaceChangedQueued = false;

  /** Subscribe to every event; returns the unsubscribe function (the listener's owner calls it). */
  onAny(listener: Listener<ServerEvent>): () => void {
    this.all.add(listener);
    return () => this.all.delete(listener);
  }

  on<T extends ServerEventType>(type: T, listener: Listener<ServerEventOf<T>>): () => void {
    let set = this.byType.get(type);
    if (!set) this.byType.set(type, (set = new Set()));
    const l = listener as Listener<ServerEvent>;
    set.add(l);
    return () => set.delete(l);
  }

  emit(event: ServerEvent): void {
    for (const l of [...this.all, ...(this.byType.get(event.type) ?? [])]) {
      try {
        l(event);
      } catch (err) {
        process.stderr.write(
          `rozi: event listener for ${event.type} failed: ${err instanceof Error ? err.message : String(err)}\n`,
        );
      }
    }
  }

  /** Coalesces bursts (a split emits spawn + focus + layout) into one workspace-changed per turn. */
  workspaceChanged(): void {
    if (this.workspaceChangedQueued) return;
    this.workspaceChangedQueued = true;
    queueMicrotask(() => {
      this.workspaceChangedQueued = false;
      this.emit({ type: 'workspace-changed' });
    });
  }
}
