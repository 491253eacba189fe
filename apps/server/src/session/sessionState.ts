// A session's live state (its tabs, which are its workspaces 1-9, and its panes) and the checks
// every name and directory goes through. The manager (manager.ts) owns every change to it.
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { RoziError } from './errors';
import type { FloatingPane, LayoutKind, LayoutNode, PaneId, TabId } from './model';
import type { Pane } from './pane';

export interface Tab {
  id: TabId;
  /** rozi's workspace number, 1-9, unique in its session (session.tabs is sorted by it). */
  workspace: number;
  name: string;
  layout: LayoutNode;
  /** How the workspace tiles its panes (tiling.ts); dwindle keeps manual splits as made. */
  layoutKind: LayoutKind;
  focusedPaneId: PaneId;
  zoomedPaneId: PaneId | null;
  /** Panes over the tiles (session/floating.ts); never in `layout`. */
  floating: FloatingPane[];
}

export class Session {
  readonly tabs: Tab[] = [];
  readonly panes = new Map<PaneId, Pane>();
  activeTabId: TabId = 0;
  nextPaneId = 1;
  nextTabId = 1;
  constructor(
    public name: string,
    public folder: string | null,
    readonly instanceId: string = randomUUID(),
  ) {}

  /** The focused pane of the active tab, if any. */
  focusedPane(): Pane | undefined {
    const tab = this.tabs.find((t) => t.id === this.activeTabId) ?? this.tabs[0];
    return tab ? this.panes.get(tab.focusedPaneId) : undefined;
  }

  tab(id: TabId): Tab {
    const tab = this.tabs.find((t) => t.id === id);
    if (!tab) throw new RoziError('not-found', `session '${this.name}' has no tab ${id}`);
    return tab;
  }
}

const NAME_RE = /^[A-Za-z0-9_.-][A-Za-z0-9 _.@+-]{0,63}$/;

export function clamp(n: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, Math.floor(n)));
}

export function checkName(name: string, what: string): void {
  if (!NAME_RE.test(name))
    throw new RoziError(
      'invalid',
      `invalid ${what} name '${name}': use letters, digits, space, _ . @ + - (max 64)`,
    );
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false; // gone since the shell reported it: the next tier decides
  }
}

export function checkDir(path: string): string {
  try {
    if (statSync(path).isDirectory()) return path;
  } catch {
    // Reported below as one line.
  }
  throw new RoziError('invalid', `cwd '${path}' is not an existing directory`);
}
