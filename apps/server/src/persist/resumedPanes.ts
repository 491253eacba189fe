// Panes that resurrection started with an agent's native resume argv, and the command they had
// before. The snapshot keeps that original command plus which agent and conversation to reopen,
// never the resume argv itself (spec: "A snapshot stores only which agent and which
// conversation"), so a changed resume argv in config.toml also changes how old snapshots reopen.
import type { Pane, PaneLaunch } from '../session/pane';

const originals = new WeakMap<Pane, Pick<PaneLaunch, 'command' | 'argv'>>();

export function markResumed(pane: Pane, original: Pick<PaneLaunch, 'command' | 'argv'>): void {
  originals.set(pane, original);
}

/** The pane's own command and argv, as the snapshot records them. */
export function recordedLaunch(pane: Pane): Pick<PaneLaunch, 'command' | 'argv'> {
  return originals.get(pane) ?? { command: pane.launch.command, argv: pane.launch.argv };
}
