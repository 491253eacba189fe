// What wants the user's attention, read from the server's states (the status service decides
// `done` and keeps it until a browser views the pane): the title's unseen count.
import type { AgentState } from '@rozi/ui';

/** Panes that finished or wait for input and are not among those on screen. */
export function panesWantingAttention(
  panes: readonly { key: number; state: AgentState | null }[],
  viewing: readonly number[],
): number[] {
  return panes
    .filter((p) => !viewing.includes(p.key) && (p.state === 'done' || p.state === 'blocked'))
    .map((p) => p.key);
}

/** `(2) rozi` while something waits unseen, plain `rozi` otherwise. */
export function pageTitle(unseen: number, base = 'rozi'): string {
  return unseen > 0 ? `(${unseen}) ${base}` : base;
}

/** Toast tone of a server notification: the status service sends `warn` for needs input. */
export function notificationTone(
  level: 'info' | 'warn' | 'error',
  fromPane: boolean,
): 'blocked' | 'done' | 'info' | 'warn' | 'error' {
  if (!fromPane) return level;
  return level === 'warn' ? 'blocked' : level === 'info' ? 'done' : 'error';
}
