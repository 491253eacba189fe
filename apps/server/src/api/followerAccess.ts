// rozi's sessions.md, "Followers are read-only for layout", enforced by the server: a page names
// itself on each tRPC call with the `x-rozi-client` header (the secret of its /ws hello), and while
// another page holds the lease of the session it shows, every procedure below that changes the
// shared layout is refused in one line and changes nothing. Focus, tab and workspace switching,
// renames, typing and every query still work. Callers that are no page (the CLI, a bearer client,
// a host link) are not followers and are not checked here; a read-only link is refused earlier
// (api/readOnlyAccess.ts).
import type { SessionClients } from '../stream/sessionClients';

export const PAGE_HEADER = 'x-rozi-client';

export const LAYOUT_PROCEDURES: ReadonlySet<string> = new Set([
  'panes.split',
  'panes.newTab',
  'panes.kill',
  'panes.zoom',
  'panes.resizeSplit',
  'panes.equalize',
  'panes.swap',
  'panes.promote',
  'panes.moveToWorkspace',
  'panes.move',
  'panes.resize',
  'tabs.create',
  'tabs.close',
  'tabs.setLayout',
  'floating.toggle',
  'floating.setRect',
  'floating.spawn',
  'floating.scratchpad',
  'profiles.replace',
]);

/** Null when the page `token` names may call `path`; else the one-line refusal. */
export function followerRefusal(o: {
  clients: SessionClients;
  token: string | undefined;
  path: string;
}): string | null {
  if (!o.token || !LAYOUT_PROCEDURES.has(o.path)) return null;
  const id = o.clients.clientOfToken(o.token);
  return id === null ? null : o.clients.layoutRefusal(id);
}
