'use client';
// The Panes tab (sidebar.md, Built-in Tabs): every pane of the session on screen under its
// workspace (`Workspace 2`, or `Workspace 2: name`), the focused one marked, each row naming the
// pane (a title the program chose, else the directory's leaf) with its foreground program as a
// badge and the working directory beneath, clipped from the left. Enter or a click focuses it.
import type { SessionInfo } from '@rozi/server/model';
import type { PaneView } from '@rozi/server/view';
import { FOCUS_RING, handleListKeys } from '@rozi/ui';
import { basename } from '../model/paths';
import { LogBadge } from './LogBadge';
import { Empty } from './FilesTab';

/** A shell's prompt title (`user@host: ~/dir`) names nothing a row does not; the directory leaf does. */
export function paneName(p: Pick<PaneView, 'title' | 'cwd'>): string {
  const t = p.title.trim();
  if (t === '' || /^[\w.-]+@[\w.-]+:/.test(t) || t === p.cwd || t.endsWith(`/${basename(p.cwd)}`))
    return basename(p.cwd);
  return t;
}

export function PanesTab({
  session,
  panes,
  onFocusPane,
}: {
  session: SessionInfo | undefined;
  panes: readonly PaneView[];
  onFocusPane(p: PaneView): void;
}) {
  if (!session) return <Empty text="No session" />;
  const tabs = [...session.tabs].sort((a, b) => a.workspace - b.workspace);
  return (
    <div
      className="min-h-0 flex-1 overflow-y-auto py-1"
      data-builtin-tab="panes"
      onKeyDown={(e) => handleListKeys(e, { items: 'button[data-pane]' })}
    >
      {tabs.map((t, ti) => {
        const mine = panes.filter((p) => p.session === session.name && p.tab === t.id);
        if (mine.length === 0) return null;
        const custom = t.name && t.name !== String(t.workspace) ? `: ${t.name}` : '';
        return (
          <div key={t.id} role="group" aria-label={`Workspace ${t.workspace}${custom}`}>
            <h3 className="px-2 pt-1 text-[11px] font-medium text-muted">{`Workspace ${t.workspace}${custom}`}</h3>
            {mine.map((p, pi) => {
              const current = session.activeTabId === t.id && t.focusedPaneId === p.id;
              return (
                <button
                  key={p.key}
                  type="button"
                  data-pane={p.key}
                  aria-current={current ? 'true' : undefined}
                  tabIndex={ti === 0 && pi === 0 ? 0 : -1}
                  onClick={() => onFocusPane(p)}
                  className={`flex w-full min-w-0 flex-col border-l-2 py-0.5 pl-2 pr-2 text-left hover:bg-surface-2 focus:bg-surface-2 ${current ? 'border-accent' : 'border-transparent'} ${FOCUS_RING}`}
                >
                  <span className="flex w-full min-w-0 items-center gap-2 text-[12px]">
                    <span className="min-w-0 flex-1 truncate text-fg">{paneName(p)}</span>
                    {p.logging && <LogBadge />}
                    {p.foreground_program && (
                      <span className="shrink-0 font-mono text-[11px] text-muted">
                        {p.foreground_program}
                      </span>
                    )}
                  </span>
                  {/* Clipped from the left: the tail is what tells directories apart. */}
                  <span
                    className="w-full truncate text-left font-mono text-[11px] text-muted [direction:rtl]"
                    title={p.cwd}
                  >
                    <bdi>{p.cwd}</bdi>
                  </span>
                </button>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
