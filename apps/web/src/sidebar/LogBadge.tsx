'use client';
// rozi's `[log]` badge (terminal.md, Pane logging): the pane's raw output is being appended to its
// log file (toggle-pane-logging). Shown in the pane's header and its sidebar row, on every page,
// from the workspace view's `logging` (the server's state, shared by every client).
export function LogBadge() {
  return (
    <span
      data-pane-log=""
      title="This pane's output is being logged (toggle-pane-logging stops it)"
      className="shrink-0 font-mono text-[11px] text-blocked"
    >
      [log]
    </span>
  );
}
