// rozi's streaming socket command `subscribe` (its control.md, "Wire protocol"): after
// `{"ok":true}` the connection carries one `{"event":"<name>","data":{…}}` line per event until
// the client goes. The events are the hook service's (hooks/eventPayloads.ts, the same ones
// `rozi subscribe` and `[[hooks]]` get), in rozi's line shape (@rozi/extensions roziEventLine).
import { HOOK_EVENT_NAMES, roziEventLine } from '@rozi/extensions/node';
import type { ApiContext } from '../api/trpc';
import { RoziError } from '../session/errors';

export type RoziEventLine = ReturnType<typeof roziEventLine>;

/** A subscriber that stops reading is dropped once this much is queued unread (control.md: bounded). */
const MAX_QUEUED_BYTES = 4 * 1024 * 1024;

/** The request's `events` (absent or empty: all); an unknown name or a non-string is refused. */
export function subscribeEvents(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.some((e) => typeof e !== 'string'))
    throw new RoziError('invalid', '"events" is a list of event names');
  const known = new Set<string>(HOOK_EVENT_NAMES);
  const unknown = (raw as string[]).filter((e) => !known.has(e));
  if (unknown.length)
    throw new RoziError(
      'invalid',
      `unknown event ${unknown.map((e) => `'${e}'`).join(', ')}; known: ${HOOK_EVENT_NAMES.join(', ')}`,
    );
  return raw as string[];
}

/**
 * Starts a subscription for `events` (all when empty); returns its stop function. Past
 * MAX_QUEUED_BYTES of unread lines `drop` ends the connection.
 */
export function subscribeRozi(
  ctx: ApiContext,
  o: { events: readonly string[]; write(line: RoziEventLine): void; queued(): number; drop(): void },
): () => void {
  const wanted = o.events.length ? new Set(o.events) : null;
  return ctx.hooks.onEvent((e) => {
    if (wanted && !wanted.has(e.event)) return;
    if (o.queued() > MAX_QUEUED_BYTES) return o.drop();
    o.write(roziEventLine(e));
  });
}
