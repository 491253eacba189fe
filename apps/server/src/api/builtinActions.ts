// `run-action <id>` for rozi's built-in action ids (its keybindings.md; control.md "run-action")
// and the web edition's own ids of the same actions (apps/web/src/actions, the [keys] ids):
// each runs on the server against the request's pane (the caller's ROZI_PANE, else the focused
// one), so a script gets the same result as the keys with or without a browser open. Ids that
// mean something only inside the page (palette, copy mode, sidebar, fonts) or that have no web
// meaning (detach, DevTools) are refused with one line saying why and what to
// use instead. Ids in neither table fall through to config.toml and extension commands.
import type { SessionManager } from '../session/manager';
import type { Pane } from '../session/pane';
import { RoziError } from '../session/errors';
import { promotePane, setLayout, swapPanes } from '../session/layoutOps';
import type { LayoutKind } from '../session/model';
import { neighbourOf, type Direction } from '../session/paneNeighbour';
import { nudgeFloat, spawnFloating, toggleFloat, toggleScratchpad } from '../session/floating';
import { setPaneLogging } from '../session/paneLogging';
import { LAYOUT_KINDS, nextLayoutKind } from '../session/tiling';

interface ActionInput {
  manager: SessionManager;
  pane: Pane;
}
type Run = (o: ActionInput) => unknown;

const DIRECTIONS: Direction[] = ['left', 'right', 'up', 'down'];

function sessionOf(o: ActionInput) {
  return o.manager.session(o.pane.session.name);
}

function neighbour(o: ActionInput, direction: Direction): Pane | undefined {
  const session = sessionOf(o);
  const tab = session.tab(o.pane.tab);
  const id = neighbourOf(tab.layout, { from: o.pane.id, direction });
  return id === null ? undefined : session.panes.get(id);
}

function focusBy(direction: Direction): Run {
  return (o) => {
    const to = neighbour(o, direction);
    if (to) o.manager.focus(to);
    return { moved: to !== undefined, pane: (to ?? o.pane).id };
  };
}

function moveBy(direction: Direction): Run {
  return (o) => {
    // A floating pane holds no slot: move and swap slide it one step (keybindings.md).
    const slid = nudgeFloat(o.manager, { pane: o.pane, direction });
    if (slid) return { moved: true, pane: o.pane.id, floating: slid };
    const to = neighbour(o, direction);
    if (!to) return { moved: false, pane: o.pane.id };
    const row = direction === 'left' || direction === 'right';
    o.manager.move(o.pane, {
      to,
      direction: row ? 'row' : 'column',
      before: direction === 'left' || direction === 'up',
    });
    return { moved: true, pane: o.pane.id };
  };
}

/** rozi's swap: trade slots with the neighbour, the layout keeps its shape. */
function swapBy(direction: Direction): Run {
  return (o) => {
    const slid = nudgeFloat(o.manager, { pane: o.pane, direction });
    if (slid) return { moved: true, pane: o.pane.id, floating: slid };
    const to = neighbour(o, direction);
    if (to) swapPanes(o.manager, o.pane, to);
    return { moved: to !== undefined, pane: o.pane.id };
  };
}

/** The pane's workspace switched to `kind` (or the next kind after its own), re-tiled. */
function layout(kind: (current: LayoutKind) => LayoutKind): Run {
  return (o) => {
    const session = sessionOf(o);
    const tab = session.tab(o.pane.tab);
    setLayout(o.manager, { session, tab, kind: kind(tab.layoutKind) });
    return { workspace: tab.workspace, layout: tab.layoutKind };
  };
}

function switchWorkspace(n: number): Run {
  return (o) => {
    const { tab, opened } = o.manager.switchWorkspace(sessionOf(o), n);
    return { workspace: tab.workspace, opened: opened?.id ?? null };
  };
}

function moveToWorkspace(n: number): Run {
  return (o) => ({ workspace: o.manager.moveToWorkspace(o.pane, n).workspace, pane: o.pane.id });
}

/** `prefix-1` … `prefix-9` → run for each workspace number. */
function perWorkspace(prefix: string, run: (n: number) => Run): Record<string, Run> {
  return Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`${prefix}-${i + 1}`, run(i + 1)] as const));
}

function split(direction: 'row' | 'column' | 'auto'): Run {
  return (o) => ({ pane: o.manager.split(o.pane, { direction, launch: {}, focus: true }).id });
}

/** The tab `step` places from the pane's (wrapping), selected. */
function tabStep(step: 1 | -1): Run {
  return (o) => {
    const session = sessionOf(o);
    const i = session.tabs.findIndex((t) => t.id === session.activeTabId);
    const next = session.tabs[(i + step + session.tabs.length) % session.tabs.length];
    if (next) o.manager.selectTab(session, next.id);
    return { workspace: session.tabs.find((t) => t.id === session.activeTabId)?.workspace ?? null };
  };
}

function selectTab(n: number): Run {
  return (o) => {
    const session = sessionOf(o);
    const tab = session.tabs.find((t) => t.workspace === n);
    if (!tab) throw new RoziError('not-found', `session '${session.name}' has no workspace ${n}`);
    o.manager.selectTab(session, tab.id);
    return { workspace: n };
  };
}

/** Tiled panes in layout order; `step` from the pane, wrapping. */
function cycleFocus(step: 1 | -1): Run {
  return (o) => {
    const session = sessionOf(o);
    const ids = session.tab(o.pane.tab).layout;
    const order: number[] = [];
    const walk = (n: typeof ids): void => {
      if (n.type === 'pane') order.push(n.paneId);
      else n.children.forEach(walk);
    };
    walk(ids);
    const next = order[(order.indexOf(o.pane.id) + step + order.length) % order.length];
    const to = next === undefined ? undefined : session.panes.get(next);
    if (to) o.manager.focus(to);
    return { pane: (to ?? o.pane).id };
  };
}

const zoom: Run = (o) => ({ zoomed: o.manager.zoom(o.pane), pane: o.pane.id });
const close: Run = async (o) => {
  await o.manager.killPane(o.pane);
  return { closed: o.pane.id };
};
const closeTab: Run = async (o) => {
  await o.manager.closeTab(sessionOf(o), o.pane.tab);
  return { closed: true };
};

/** Built-in ids that run here: rozi's spelling first, the web edition's own ids beside them. */
export const BUILTIN_ACTIONS: Readonly<Record<string, Run>> = {
  spawn: split('row'),
  'split-right': split('row'),
  'split-down': split('column'),
  close,
  'close-pane': close,
  'toggle-fullscreen': zoom,
  'toggle-float': (o) => toggleFloat(o.manager, o.pane),
  'spawn-float': (o) => ({
    pane: spawnFloating(o.manager, { near: o.pane, launch: {}, kind: 'float' }).id,
  }),
  scratchpad: (o) =>
    toggleScratchpad(o.manager, {
      session: sessionOf(o),
      settings: o.manager.paneDefaults().scratchpad ?? { height: 0.4 },
    }),
  'toggle-pane-logging': (o) => setPaneLogging({ pane: o.pane }),
  fullscreen: zoom,
  'toggle-zoom': zoom,
  zoom,
  equalize: (o) => ({ tab: o.manager.equalize(sessionOf(o), o.pane.tab).id }),
  ...Object.fromEntries(DIRECTIONS.map((d) => [`focus-${d}`, focusBy(d)])),
  ...Object.fromEntries(DIRECTIONS.map((d) => [`focus-${d}-no-wrap`, focusBy(d)])),
  ...Object.fromEntries(DIRECTIONS.map((d) => [`move-${d}`, moveBy(d)])),
  ...Object.fromEntries(DIRECTIONS.map((d) => [`move-pane-${d}`, moveBy(d)])),
  ...Object.fromEntries(DIRECTIONS.map((d) => [`swap-${d}`, swapBy(d)])),
  ...Object.fromEntries(DIRECTIONS.map((d) => [`swap-pane-${d}`, swapBy(d)])),
  'promote-to-master': (o) => ({ workspace: promotePane(o.manager, o.pane).workspace, pane: o.pane.id }),
  'promote-pane': (o) => ({ workspace: promotePane(o.manager, o.pane).workspace, pane: o.pane.id }),
  'new-pane': split('auto'),
  'cycle-layout': layout(nextLayoutKind),
  'toggle-layout': layout(nextLayoutKind),
  ...Object.fromEntries(LAYOUT_KINDS.map((k) => [`layout-${k}`, layout(() => k)])),
  'focus-next': cycleFocus(1),
  'focus-prev': cycleFocus(-1),
  'focus-previous': cycleFocus(-1),
  'cycle-focus-next': cycleFocus(1),
  'cycle-focus-prev': cycleFocus(-1),
  'focus-next-pane': cycleFocus(1),
  'focus-prev-pane': cycleFocus(-1),
  'new-tab': (o) => ({ tab: o.manager.createTab(sessionOf(o), { launch: {} }).tab.id }),
  'next-tab': tabStep(1),
  'prev-tab': tabStep(-1),
  'next-workspace': tabStep(1),
  'prev-workspace': tabStep(-1),
  'close-tab': closeTab,
  'kill-workspace': closeTab,
  ...perWorkspace('select-tab', selectTab),
  ...perWorkspace('switch-workspace', switchWorkspace),
  ...perWorkspace('move-to-workspace', moveToWorkspace),
  'focus-next-blocked-pane': (o) => {
    const rows = o.manager
      .workspace()
      .panes.filter((p) => p.agent_state === 'blocked' || p.reported_status === 'blocked');
    const after = rows.find((p) => p.key > o.pane.key) ?? rows[0];
    const to = after ? o.manager.panes.get(after.key) : undefined;
    if (!to) throw new RoziError('not-found', 'no pane is blocked');
    o.manager.focus(to);
    return { pane: to.id, session: to.session.name };
  },
  'kill-session': async (o) => {
    await o.manager.killSession(o.pane.session.name);
    return { killed: o.pane.session.name };
  },
};

const IN_THE_PAGE = 'acts inside the browser page: press its keys there or choose it in the palette';
const RESIZE =
  'split sizes are not changed from a script here: drag the divider in the page (or panes.resizeSplit)';
const APPEARANCE = "rozi's terminal-UI appearance toggles have no web meaning: use the page's Settings";

/** Built-in ids that do not run from a script here, with the reason (and what to use instead). */
export const NO_WEB_MEANING: Readonly<Record<string, string>> = {
  detach: 'a browser tab is closed, not detached; the session keeps running on the server either way',
  quit: 'a browser tab is closed, not detached; the session keeps running on the server either way',
  'toggle-devtools': "the browser's own DevTools (F12) take this role",
  'toggle-pane-synchronization': 'synchronized input is not part of the web edition yet',
  'toggle-immediate-control-takeover': `the page's id is toggle-control-takeover; ${IN_THE_PAGE}`,
  'choose-layout': `opens a picker; ${IN_THE_PAGE} (rozi set-layout KIND or run-action layout-KIND set one)`,
  'grow-split': RESIZE,
  'shrink-split': RESIZE,
  'flip-split': RESIZE,
  'resize-mode': `a key mode; ${IN_THE_PAGE}`,
  ...Object.fromEntries(
    Array.from({ length: 9 }, (_, i) => [
      `relocate-workspace-${i + 1}`,
      'moving a whole workspace is not built: move-to-workspace-N moves one pane',
    ]),
  ),
  'change-appearance': APPEARANCE,
  'toggle-animations': APPEARANCE,
  'toggle-titles': APPEARANCE,
  'toggle-workbar': APPEARANCE,
  'toggle-do-not-disturb': "notifications are the browser's: its site settings silence them",
  'respawn-pane': 'an exited pane is not restarted in place here: open a new one (split / new-pane)',
  'smart-focus-left': '[navigation] editors are not read here: use focus-left',
  'smart-focus-right': '[navigation] editors are not read here: use focus-right',
  'smart-focus-up': '[navigation] editors are not read here: use focus-up',
  'smart-focus-down': '[navigation] editors are not read here: use focus-down',
  'rename-pane': 'needs a name: rozi rename-pane NAME',
  'rename-workspace': `needs a name; ${IN_THE_PAGE}`,
  'rename-session': 'needs a name: rozi sessions rename, or the page',
  'copy-last-output': `copies to the browser's clipboard; ${IN_THE_PAGE} (rozi capture-pane --last-output prints it)`,
  ...Object.fromEntries(
    [
      'command-palette',
      'help',
      'copy-mode',
      'search',
      'find-in-pane',
      'copy',
      'paste',
      'toggle-sidebar',
      'toggle-sidebar-split',
      'focus-sidebar',
      'sidebar-next-tab',
      'sidebar-prev-tab',
      'sessions',
      'profiles',
      'save-profile',
      'request-control',
      'grant-control',
      'toggle-input-lock',
      'toggle-control-takeover',
      'collaborators',
      'copy-read-only-link',
      'new-session',
      'next-session',
      'prev-session',
      'new-agent',
      'show-activity',
      'rename-tab',
      'send-prefix',
      'hint-mode',
      'prev-prompt',
      'next-prompt',
      'font-bigger',
      'font-smaller',
      'font-reset',
    ].map((id) => [id, IN_THE_PAGE]),
  ),
};

/** Runs a built-in id, or returns undefined when `id` is not one (an extension or config command). */
export async function runBuiltinAction(o: {
  id: string;
  manager: SessionManager;
  pane: () => Pane;
}): Promise<{ id: string; result: unknown } | undefined> {
  const run = BUILTIN_ACTIONS[o.id];
  if (run) return { id: o.id, result: await run({ manager: o.manager, pane: o.pane() }) };
  const reason = NO_WEB_MEANING[o.id];
  if (reason !== undefined) throw new RoziError('invalid', `run-action ${o.id}: ${reason}`);
  return undefined;
}
