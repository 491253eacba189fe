// `rozi subscribe` from a process placed on this host (spec 003, "What a placed process may do"):
// it receives only the events that happen while a session within its binding is on screen in the
// client. Each event is judged as it happens (the scope of that moment), not as it is sent.
import type { HookEvent } from '@rozi/extensions/node';

export interface EventSource {
  onEvent(listener: (event: HookEvent) => void): () => void;
}

/** The events named in `input.events` (all when none), while `inScope()` holds as each happens. */
export async function* eventsInScope(o: {
  hooks: EventSource;
  input: unknown;
  inScope: () => boolean;
  signal: AbortSignal;
}): AsyncGenerator<HookEvent> {
  const named = (o.input as { events?: unknown } | null | undefined)?.events;
  const wanted = Array.isArray(named) && named.length > 0 ? new Set(named.map(String)) : null;
  const queue: HookEvent[] = [];
  let wake: (() => void) | null = null;
  const off = o.hooks.onEvent((event) => {
    if ((wanted && !wanted.has(event.event)) || !o.inScope()) return;
    queue.push(event);
    wake?.();
  });
  const aborted = new Promise<void>((resolve) =>
    o.signal.addEventListener('abort', () => resolve(), { once: true }),
  );
  try {
    while (!o.signal.aborted) {
      while (queue.length) yield queue.shift() as HookEvent;
      await Promise.race([new Promise<void>((resolve) => (wake = resolve)), aborted]);
      wake = null;
    }
  } finally {
    off();
  }
}
