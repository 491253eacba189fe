// Applies config.toml's [[rules]] (config/rules.ts) to a pane spawned with an explicit command:
// control and CLI new-pane, [keys] / [[commands]] `run`, a sidebar row's `run`. The first rule
// whose match fits the command line decides the workspace, floating (with its rectangle), focus
// and fullscreen; with no match the caller's own placement runs. Plain shells, popups and the
// scratchpad never go through rules (configuration.md).
import { matchRule, ruleRect } from '../config/rules';
import { paneIds } from './layout';
import type { LaunchRequest, SessionManager } from './manager';
import type { PaneId } from './model';
import type { Pane } from './pane';
import { floatOf, spawnFloating } from './floating';
import { tabOfWorkspace } from './workspaces';

/** The command line a rule matches: the command, else the argv joined by spaces. */
export function commandLineOf(launch: LaunchRequest): string | null {
  if (launch.command) return launch.command;
  if (launch.argv && launch.argv.length > 0) return launch.argv.join(' ');
  return null;
}

/** Opens the pane as the first matching rule says, or with `fallback()` when none matches. */
export function spawnByRules(
  m: SessionManager,
  o: { near: Pane; launch: LaunchRequest; commandLine?: string | null; fallback: () => Pane },
): Pane {
  const line = o.commandLine ?? commandLineOf(o.launch);
  const rule = line ? matchRule(m.paneDefaults().rules ?? [], line) : undefined;
  if (!rule) return o.fallback();
  const session = m.sessionOf(o.near);
  let near = o.near;
  if (rule.workspace !== null && session.tab(near.tab).workspace !== rule.workspace) {
    const tab = tabOfWorkspace(session, rule.workspace);
    if (!tab) {
      const launch = { ...o.launch, cwd: o.launch.cwd ?? m.liveCwd(o.near) };
      const made = m.createTab(session, { workspace: rule.workspace, launch, select: rule.focus });
      if (rule.fullscreen) m.zoom(made.pane, true);
      return made.pane;
    }
    const focusedTile = floatOf(tab, tab.focusedPaneId) ? paneIds(tab.layout)[0] : tab.focusedPaneId;
    near = session.panes.get(focusedTile as PaneId) ?? near;
  }
  const pane = rule.float
    ? spawnFloating(m, { near, launch: o.launch, kind: 'float', rect: ruleRect(rule), focus: rule.focus })
    : m.split(near, { direction: 'auto', launch: o.launch, focus: rule.focus });
  if (rule.fullscreen) m.zoom(pane, true);
  return pane;
}
