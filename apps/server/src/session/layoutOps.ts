// The layout verbs on a workspace (rozi's layouts-and-panes.md): switch its layout kind, swap two
// panes in place, promote a pane to the master slot. Built on the manager's public surface; the
// tree work is in tabLayout.ts.
import { RoziError } from './errors';
import type { SessionManager } from './manager';
import type { LayoutKind } from './model';
import type { Pane } from './pane';
import type { Session, Tab } from './sessionState';
import { firstPane, setTabKind, swapInTab } from './tabLayout';
import { isLayoutKind, LAYOUT_KINDS } from './tiling';

/** A layout kind from outside (CLI, config, socket), or a one-line refusal naming the choices. */
export function checkLayoutKind(value: string): LayoutKind {
  if (!isLayoutKind(value))
    throw new RoziError('invalid', `unknown layout '${value}': use one of ${LAYOUT_KINDS.join(', ')}`);
  return value;
}

/** Switches workspace `tab` of `session` to `kind`, re-tiling its panes in their order. */
export function setLayout(m: SessionManager, o: { session: Session; tab: Tab; kind: LayoutKind }): Tab {
  setTabKind(o.tab, o.kind, m.tilingContext(o.session));
  m.bus.workspaceChanged();
  return o.tab;
}

/** Exchanges `pane` with `other` (same workspace) in place; focus stays on `pane`. */
export function swapPanes(m: SessionManager, pane: Pane, other: Pane): Tab {
  const session = m.sessionOf(pane);
  if (other.session !== pane.session || other.tab !== pane.tab)
    throw new RoziError('invalid', `pane ${other.id} is not in pane ${pane.id}'s workspace`);
  const tab = session.tab(pane.tab);
  if (other !== pane) swapInTab(tab, pane.id, other.id);
  m.focus(pane);
  return tab;
}

/** rozi's promote: the pane takes the first (master) slot of its workspace. */
export function promotePane(m: SessionManager, pane: Pane): Tab {
  const session = m.sessionOf(pane);
  const first = session.panes.get(firstPane(session.tab(pane.tab)));
  return swapPanes(m, pane, first ?? pane);
}
