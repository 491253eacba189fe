'use client';
// The content of one extension sidebar tab: launcher entries under their groups, or the rows of a
// command tab (group_prefix lines as headers, JSON trees indented by depth) or a stream tab
// (grouped by each row's group). A click goes to the server (extensions.sidebarClick), which runs
// the entry's action or the tab's on_click with {line} / ROZI_ROW / ROZI_ROW_ID.
import { FOCUS_RING } from '@rozi/ui';
import { useState } from 'react';
import { useTRPCClient } from '../api/trpcClient';
import type { DockTab, TabRowView } from './useSidebarTabs';

type ClickTarget = { entry: number } | { row: { label: string; id: string | null } };

function useTabClick(tabId: string): {
  click(target: ClickTarget): void;
  error: string | null;
  busy: string | null;
} {
  const client = useTRPCClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  return {
    error,
    busy,
    click(target) {
      const key = 'entry' in target ? `e${target.entry}` : `r${target.row.id ?? target.row.label}`;
      setError(null);
      setBusy(key);
      client.extensions.sidebarClick
        .mutate({ tab: tabId, ...target })
        .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)))
        // A short highlight says the click was taken even when its effect is elsewhere (a pane, a log).
        .finally(() => setTimeout(() => setBusy((b) => (b === key ? null : b)), 600));
    },
  };
}

const ROW = `flex w-full min-w-0 items-center gap-1.5 rounded px-2 py-0.5 text-left text-[12px] ${FOCUS_RING}`;

export function SidebarTabBody({ tab }: { tab: DockTab }) {
  const { click, error, busy } = useTabClick(tab.id);
  return (
    <div className="min-h-0 flex-1 overflow-y-auto py-1" data-extension-tab={tab.id}>
      {tab.kind === 'entries' ? (
        <Entries tab={tab} busy={busy} onClick={(entry) => click({ entry })} />
      ) : (
        <Rows tab={tab} busy={busy} onClick={(row) => click({ row: { label: row.label, id: row.id } })} />
      )}
      {error && (
        <p
          role="alert"
          className="mx-2 mt-1 rounded border border-danger/40 bg-danger/10 px-2 py-1 text-[11px] text-danger"
        >
          {error}
        </p>
      )}
    </div>
  );
}

function GroupHeading({ children }: { children: string }) {
  return (
    <h3 className="truncate px-2 pb-0.5 pt-2 text-[11px] font-semibold uppercase tracking-wide text-muted first:pt-1">
      {children}
    </h3>
  );
}

function Empty({ children }: { children: string }) {
  return <p className="px-3 py-3 text-[12px] text-muted">{children}</p>;
}

function Entries({
  tab,
  busy,
  onClick,
}: {
  tab: DockTab;
  busy: string | null;
  onClick(entry: number): void;
}) {
  if (tab.entries.length === 0) return <Empty>This tab has no entries.</Empty>;
  let group: string | null = null;
  return (
    <ul>
      {tab.entries.map((e, i) => {
        const heading = e.group !== null && e.group !== group ? e.group : null;
        group = e.group;
        return (
          <li key={i}>
            {heading && <GroupHeading>{heading}</GroupHeading>}
            <button
              type="button"
              onClick={() => onClick(i)}
              className={`${ROW} ${busy === `e${i}` ? 'bg-accent/15' : 'hover:bg-surface-2'} ${e.group ? 'pl-4' : ''}`}
            >
              <span className="min-w-0 truncate text-fg">{e.label}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function emptyText(tab: DockTab): string {
  if (tab.kind === 'stream')
    return 'Nothing published yet. Rows appear when the extension’s service publishes them.';
  return `No rows yet. The tab’s command runs in the focused pane’s folder every ${tab.intervalSeconds} s and when that folder changes.`;
}

function Rows({ tab, busy, onClick }: { tab: DockTab; busy: string | null; onClick(row: TabRowView): void }) {
  if (tab.rows.length === 0) return <Empty>{emptyText(tab)}</Empty>;
  // Stream rows name their group on each row; command tabs mark groups with header rows instead.
  let group: string | null = null;
  return (
    <ul>
      {tab.rows.map((r, i) => {
        if (r.header) {
          // A command tab's header names the group its following rows carry: no second heading.
          group = r.label;
          return (
            <li key={i}>
              <GroupHeading>{r.label}</GroupHeading>
            </li>
          );
        }
        const heading = r.group !== null && r.group !== group ? r.group : null;
        group = r.group ?? group;
        const key = `r${r.id ?? r.label}`;
        const indent = { paddingLeft: `${0.5 + r.depth * 0.75 + (r.group ? 0.5 : 0)}rem` };
        const content = (
          <>
            <span className="min-w-0 truncate whitespace-pre font-mono text-[11.5px] text-fg">{r.label}</span>
            {r.badge && (
              <span className="ml-auto shrink-0 rounded bg-surface-3 px-1.5 text-[10px] text-muted">
                {r.badge}
              </span>
            )}
          </>
        );
        return (
          <li key={i}>
            {heading && <GroupHeading>{heading}</GroupHeading>}
            {tab.clickable ? (
              <button
                type="button"
                data-row={r.id ?? r.label}
                onClick={() => onClick(r)}
                style={indent}
                className={`${ROW} ${busy === key ? 'bg-accent/15' : 'hover:bg-surface-2'}`}
              >
                {content}
              </button>
            ) : (
              <div data-row={r.id ?? r.label} style={indent} className={ROW}>
                {content}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
