// rozi's streaming socket command `subscribe` (its control.md, "Wire protocol"): after
// `{"ok":true}` the connection carries one `{"event":"<name>","data":{…}}` line per event until
// the client goes. The events are the hook service's (hooks/eventPayloads.ts, the same ones
// `rozi subscribe` and hooks get) plus pane-status-changed from `rozi status`.
import type { HookEvent } from '@rozi/extensions/node';
import type { ApiContext } from '../api/trpc';
import type { ServerEventOf } from '../events/types';

export interface RoziEventLine {
  event: string;
  data: Record<string, unknown>;
}

/** A subscriber that stops reading is dropped once this much is queued unread (control.md: bounded). */
const MAX_QUEUED_BYTES = 4 * 1024 * 1024;

/** rozi's line for one hook event: the fields nested under `data`. */
export function roziEventOf(e: HookEvent): RoziEventLine {
  const { event, ...data } = e;
  return { event, data };
}

/** pane-status-changed as rozi spells it: cleared or absent values are empty strings. */
export function paneStatusLine(e: ServerEventOf<'pane-status-changed'>, focused: boolean): RoziEventLine {
  return {
    event: 'pane-status-changed',
    data: {
      session: e.session,
      pane: e.paneId,
      status: e.status ?? '',
      reason: e.reason ?? '',
      previous_status: e.previous_status ?? '',
      previous_reason: e.previous_reason ?? '',
      focused,
    },
  };
}

/**
 * Starts a subscription for `events` (all when empty); returns its stop function. `write`
 * returns false when the client is slow; past MAX_QUEUED_BYTES `drop` ends the connection.
 */
export function subscribeRozi(
  ctx: ApiContext,
  o: { events: readonly string[]; write(line: RoziEventLine): void; queued(): number; drop(): void },
): () => void {
  const hooks = ctx.hooks;
  const wanted = o.events.length ? new Set(o.events) : null;
  const send = (line: RoziEventLine) => {
    if (wanted && !wanted.has(line.event)) return;
    if (o.queued() > MAX_QUEUED_BYTES) return o.drop();
    o.write(line);
  };
  const offHooks = hooks.onEvent((e) => send(roziEventOf(e)));
  const offStatus = ctx.manager.bus.on('pane-status-changed', (e) => {
    const pane = ctx.manager.panes.get(e.key);
    send(paneStatusLine(e, pane ? ctx.manager.paneInfo(pane).focused : false));
  });
  return () => {
    offHooks();
    offStatus();
  };
}
