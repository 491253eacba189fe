// What a read-only link's viewer may call (rozi's sessions.md: a --read-only client watches but
// never types, requests control or changes the layout). Default deny: every procedure of every
// router is refused to a viewer except the display queries below, which draw the workspace and
// read nothing a viewer could not see on screen. A new procedure is closed to viewers until it is
// listed here, so a router added later cannot open a write by forgetting a check.
export const READ_ONLY_PROCEDURES: ReadonlySet<string> = new Set([
  // The panes, tabs, layouts and sessions the page draws.
  'workspace.get',
  'workspace.clients',
  'panes.list',
  'sessions.list',
  // How the page looks and which keys it reads (the viewer's own keys never reach a pane).
  'config.theme',
  'config.input',
  'config.behaviour',
  'keys.list',
  'tabSettings.get',
  // Agent rows and the sidebar's tab list, as shown beside the panes.
  'agents.get',
  'agents.inbox',
  'extensions.sidebarTabs',
]);

/** Null when a caller with `readOnly` may call `path`; else the one-line refusal. */
export function readOnlyRefusal(path: string): string | null {
  return READ_ONLY_PROCEDURES.has(path)
    ? null
    : `read-only viewer: ${path} is not allowed (a read-only link can watch but never type or change anything)`;
}
