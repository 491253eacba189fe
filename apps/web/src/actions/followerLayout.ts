// rozi's sessions.md, "Followers are read-only for layout": while another page holds a shared
// session's control lease, this page's layout-changing actions (split, close, move, swap, resize,
// layouts, floats, workspaces) are refused with one line that names the key taking (or, with
// takeover off, asking for) control. Focus, switching tabs and workspaces, copy, search, the
// palette and typing still work. A page alone on its session is never a follower.
import type { CollabState } from './actionTypes';

const LAYOUT_ACTIONS: ReadonlySet<string> = new Set([
  'split-right',
  'split-down',
  'new-pane',
  'new-tab',
  'close-pane',
  'close-tab',
  'toggle-zoom',
  'equalize',
  'toggle-float',
  'spawn-float',
  'toggle-fullscreen',
  'scratchpad',
  'cycle-layout',
  'promote-pane',
  'resize-mode',
  'grow-split',
  'shrink-split',
  'choose-layout',
  'replace-session-with-profile',
]);
/** layout-<kind>, move-<direction>, move-to-workspace-<n>, swap-<direction>. */
const LAYOUT_PREFIXES = ['layout-', 'move-', 'swap-'];

export function changesLayout(actionId: string): boolean {
  return LAYOUT_ACTIONS.has(actionId) || LAYOUT_PREFIXES.some((p) => actionId.startsWith(p));
}

/** The line refusing `actionId` on a follower page, or null when this page may change the layout. */
export function followerRefusal(o: {
  actionId: string;
  collab: CollabState | undefined;
  /** The request-control binding as bound now, e.g. "Ctrl+A g". */
  requestKey: string;
}): string | null {
  const c = o.collab;
  if (!c || !changesLayout(o.actionId)) return null;
  if (c.readOnly) return 'read-only viewer: the layout is the owner’s; nothing changed';
  if (c.count < 2 || c.controller === null || c.mine) return null;
  const verb = c.takeover ? 'takes' : 'asks for';
  return `browser ${c.controller} controls this session’s layout: ${o.requestKey} ${verb} control`;
}
