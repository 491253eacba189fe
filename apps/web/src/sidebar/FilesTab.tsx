'use client';
// The Files tab (sidebar.md, Built-in Tabs; configuration.md, File tree tabs): a lazily loaded
// tree rooted at the focused pane's directory, with git markers. Keyboard: ↑/↓ move, → opens a
// directory (or steps into it), ← closes it (or steps to its parent), Enter opens a file (the
// tab's on_click; default: a link handler for the file, else $EDITOR in a new pane) or toggles a
// directory, Space toggles a directory. A click does what Enter does.
import type { PaneView } from '@rozi/server/view';
import { FOCUS_RING, handleListKeys, Icon } from '@rozi/ui';
import { useMemo, type KeyboardEvent } from 'react';
import { basename } from '../model/paths';
import { decorationsOf, parentOf, statText, treeRows, type TreeRow } from './fileTree';
import { useFileTree, useGitState, useOpenFile } from './useFileTree';

const ITEMS = 'button[data-rel]';

export function FilesTab({ pane, maxEntries }: { pane: PaneView | undefined; maxEntries: number }) {
  const tree = useFileTree(pane, 'files');
  const git = useGitState(pane, 'files');
  const { open, error } = useOpenFile(pane, 'files');
  const root = tree.root?.root ?? null;
  const decorations = useMemo(
    () =>
      root && git.data ? decorationsOf({ root, repo: git.data.repo, changes: git.data.changes }) : new Map(),
    [root, git.data],
  );
  const rows = treeRows({ listings: tree.listings, expanded: tree.expanded, decorations, maxEntries });
  const diffStats = git.data?.diffStats ?? false;

  if (!pane) return <Empty text="No pane focused" />;
  const activate = (r: Extract<TreeRow, { type: 'entry' }>) => {
    if (r.expandable) tree.toggle(r.rel);
    else if (r.kind === 'file') open(r.rel);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const el = (e.target as HTMLElement).closest<HTMLButtonElement>(ITEMS);
    const r = rows.find((x) => x.type === 'entry' && x.rel === el?.dataset.rel);
    if (el && r?.type === 'entry' && !e.altKey && !e.ctrlKey && !e.metaKey) {
      const focusRel = (rel: string) =>
        e.currentTarget.querySelector<HTMLButtonElement>(`button[data-rel="${CSS.escape(rel)}"]`)?.focus();
      if (e.key === 'ArrowRight') {
        e.preventDefault();
        if (r.expandable && !r.expanded) tree.toggle(r.rel, true);
        else if (r.expanded) {
          const next = rows[rows.indexOf(r) + 1];
          if (next?.type === 'entry' && next.depth > r.depth) focusRel(next.rel);
        }
        return;
      }
      if (e.key === 'ArrowLeft') {
        e.preventDefault();
        if (r.expanded) tree.toggle(r.rel, false);
        else if (r.depth > 0) focusRel(parentOf(r.rel));
        return;
      }
      if (e.key === ' ' && r.expandable) {
        e.preventDefault();
        tree.toggle(r.rel);
        return;
      }
    }
    handleListKeys(e, { items: ITEMS });
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-builtin-tab="files">
      <div
        className="shrink-0 truncate border-b border-line px-2 py-1 font-mono text-[11px] text-muted"
        title={root ?? undefined}
        data-files-root={root ?? ''}
      >
        {root ? basename(root) : pane.cwd}
      </div>
      {error && <Alert text={error} />}
      {tree.rootError ? (
        <Empty text={tree.rootError} tone="error" />
      ) : (
        <div
          role="tree"
          aria-label="Files"
          className="min-h-0 flex-1 overflow-y-auto py-1"
          onKeyDown={onKeyDown}
        >
          {rows.map((r, i) =>
            r.type === 'note' ? (
              <p
                key={r.rel}
                className={`truncate py-0.5 pr-2 text-[11px] ${r.tone === 'error' ? 'text-danger' : 'text-muted'}`}
                style={{ paddingLeft: 8 + r.depth * 12 + 14 }}
                role={r.tone === 'error' ? 'alert' : undefined}
              >
                {r.text}
              </p>
            ) : (
              <EntryRow key={r.rel} row={r} first={i === 0} diffStats={diffStats} onActivate={activate} />
            ),
          )}
        </div>
      )}
    </div>
  );
}

function EntryRow({
  row: r,
  first,
  diffStats,
  onActivate,
}: {
  row: Extract<TreeRow, { type: 'entry' }>;
  first: boolean;
  diffStats: boolean;
  onActivate(r: Extract<TreeRow, { type: 'entry' }>): void;
}) {
  const linkNote =
    r.link === 'loop'
      ? 'symlink loop'
      : r.link === 'outside'
        ? 'links outside the tree'
        : r.link === 'broken'
          ? 'broken link'
          : null;
  return (
    <button
      type="button"
      role="treeitem"
      aria-expanded={r.expandable ? r.expanded : undefined}
      aria-level={r.depth + 1}
      data-rel={r.rel}
      data-kind={r.kind}
      tabIndex={first ? 0 : -1}
      title={linkNote ? `${r.rel} (${linkNote})` : r.rel}
      onClick={() => onActivate(r)}
      className={`flex w-full min-w-0 items-center gap-1 py-px pr-2 text-left font-mono text-[12px] hover:bg-surface-2 focus:bg-surface-2 ${FOCUS_RING}`}
      style={{ paddingLeft: 8 + r.depth * 12 }}
    >
      <span className="inline-flex w-3 shrink-0 text-muted" aria-hidden="true">
        {r.expandable && <Icon name={r.expanded ? 'chevronDown' : 'chevronRight'} size={12} />}
      </span>
      <span
        className={`min-w-0 flex-1 truncate ${r.kind === 'dir' ? 'text-fg' : 'text-fg/90'} ${linkNote ? 'italic text-muted' : ''}`}
      >
        {r.name}
        {r.kind === 'dir' ? '/' : ''}
        {r.link !== null && <span className="text-muted">{r.link === 'ok' ? ' →' : ` (${linkNote})`}</span>}
      </span>
      {r.decoration && (
        <span className="shrink-0 text-[11px]" data-marker={r.decoration.marker}>
          {diffStats && statText(r.decoration) && (
            <span className="mr-1 text-muted">{statText(r.decoration)}</span>
          )}
          <span className={markerClass(r.decoration.marker)}>{r.decoration.marker}</span>
        </span>
      )}
    </button>
  );
}

export function markerClass(marker: string): string {
  if (marker === 'A' || marker === '?') return 'text-done';
  if (marker === 'D' || marker === 'U') return 'text-danger';
  if (marker === '•') return 'text-muted';
  return 'text-blocked';
}

export function Empty({ text, tone = 'muted' }: { text: string; tone?: 'muted' | 'error' }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : undefined}
      className={`px-3 py-4 text-[12px] ${tone === 'error' ? 'text-danger' : 'text-muted'}`}
    >
      {text}
    </p>
  );
}

export function Alert({ text }: { text: string }) {
  return (
    <p
      role="alert"
      className="mx-2 mt-1 rounded border border-danger/40 bg-danger/10 px-2 py-1 text-[11px] text-danger"
    >
      {text}
    </p>
  );
}
