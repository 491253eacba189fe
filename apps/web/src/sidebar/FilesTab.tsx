'use client';
// The Files tab (sidebar.md, Built-in Tabs; configuration.md, File tree tabs): a lazily loaded
// tree rooted at the focused pane's directory, with git markers. Keyboard: ↑/↓ move, → opens a
// directory (or steps into it), ← closes it (or steps to its parent), Enter opens a file (the
// tab's on_click; default: a link handler for the file, else $EDITOR in a new pane) or toggles a
// directory, Space toggles a directory, PageUp/PageDown/Home/End jump. A click does what Enter
// does. Rows are virtualised (rowWindow.ts): only those in view are in the DOM.
import type { PaneView } from '@rozi/server/view';
import { FOCUS_RING, Icon } from '@rozi/ui';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { basename } from '../model/paths';
import { decorationsOf, parentOf, statText, treeRows, type TreeRow } from './fileTree';
import { useFileTree, useGitState, useOpenFile } from './useFileTree';
import { ROW_PX, useRowWindow } from './rowWindow';

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
  const rows = useMemo(
    () => treeRows({ listings: tree.listings, expanded: tree.expanded, decorations, maxEntries }),
    [tree.listings, tree.expanded, decorations, maxEntries],
  );
  const diffStats = git.data?.diffStats ?? false;
  const win = useRowWindow(rows.length);
  const [active, setActive] = useState<string | null>(null);
  /** Set by a key: once the row is drawn, it takes focus. */
  const focusWanted = useRef(false);
  const activeIndex = active === null ? -1 : rows.findIndex((r) => r.type === 'entry' && r.rel === active);
  const tabbable = activeIndex >= 0 ? activeIndex : rows.findIndex((r) => r.type === 'entry');
  useEffect(() => {
    if (!focusWanted.current || active === null) return;
    const el = win.ref.current?.querySelector<HTMLButtonElement>(`button[data-rel="${CSS.escape(active)}"]`);
    if (el) {
      focusWanted.current = false;
      el.focus({ preventScroll: true });
    }
  });

  if (!pane) return <Empty text="No pane focused" />;
  const activate = (r: EntryRowData) => {
    if (r.expandable) tree.toggle(r.rel);
    else if (r.kind === 'file') open(r.rel);
  };
  const moveTo = (index: number) => {
    const r = rows[index];
    if (r?.type !== 'entry') return;
    focusWanted.current = true;
    setActive(r.rel);
    win.reveal(index);
  };
  /** The entry row about `step` rows from `from` (notes skipped), clamped to the list. */
  const stepFrom = (from: number, step: number) => {
    const dir = step > 0 ? 1 : -1;
    const target = Math.max(0, Math.min(rows.length - 1, from + step));
    for (let i = target; i >= 0 && i < rows.length; i += dir) if (rows[i]?.type === 'entry') return i;
    for (let i = target; i >= 0 && i < rows.length; i -= dir) if (rows[i]?.type === 'entry') return i;
    return from;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const el = (e.target as HTMLElement).closest<HTMLButtonElement>(ITEMS);
    const i = el ? rows.findIndex((x) => x.type === 'entry' && x.rel === el.dataset.rel) : -1;
    const r = rows[i];
    if (!el || r?.type !== 'entry') return;
    const page = Math.max(1, win.pageRows - 1);
    const keyed: Record<string, () => void> = {
      ArrowDown: () => moveTo(stepFrom(i, 1)),
      ArrowUp: () => moveTo(stepFrom(i, -1)),
      PageDown: () => moveTo(stepFrom(i, page)),
      PageUp: () => moveTo(stepFrom(i, -page)),
      Home: () => moveTo(stepFrom(-1, 1)),
      End: () => moveTo(stepFrom(rows.length, -1)),
      ArrowRight: () => {
        if (r.expandable && !r.expanded) tree.toggle(r.rel, true);
        else if (r.expanded && rows[i + 1]?.type === 'entry' && (rows[i + 1] as EntryRowData).depth > r.depth)
          moveTo(i + 1);
      },
      ArrowLeft: () => {
        if (r.expanded) tree.toggle(r.rel, false);
        else if (r.depth > 0) {
          const parent = parentOf(r.rel);
          moveTo(rows.findIndex((x) => x.type === 'entry' && x.rel === parent));
        }
      },
      ' ': () => r.expandable && tree.toggle(r.rel),
    };
    const run = keyed[e.key];
    if (!run) return;
    e.preventDefault();
    run();
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
          ref={win.ref}
          role="tree"
          aria-label="Files"
          data-rows={rows.length}
          className="min-h-0 flex-1 overflow-y-auto py-1"
          onKeyDown={onKeyDown}
          onScroll={win.onScroll}
          onFocus={(e) => {
            const rel = (e.target as HTMLElement).dataset.rel;
            if (rel !== undefined && rel !== active) setActive(rel);
          }}
        >
          {/* Only the rows in view (and a margin) are drawn: 10,000 entries scroll like 50. */}
          <div style={{ height: rows.length * ROW_PX, position: 'relative' }}>
            {win.indices(tabbable).map((i) => {
              const r = rows[i]!;
              const place = {
                position: 'absolute',
                top: i * ROW_PX,
                left: 0,
                right: 0,
                height: ROW_PX,
              } as const;
              return r.type === 'note' ? (
                <p
                  key={`note:${r.rel}`}
                  className={`truncate py-0.5 pr-2 text-[11px] ${r.tone === 'error' ? 'text-danger' : 'text-muted'}`}
                  style={{ ...place, paddingLeft: 8 + r.depth * 12 + 14 }}
                  role={r.tone === 'error' ? 'alert' : undefined}
                >
                  {r.text}
                </p>
              ) : (
                <EntryRow
                  key={r.rel}
                  row={r}
                  tabbable={i === tabbable}
                  style={place}
                  diffStats={diffStats}
                  onActivate={activate}
                />
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}

type EntryRowData = Extract<TreeRow, { type: 'entry' }>;

function EntryRow({
  row: r,
  tabbable,
  style,
  diffStats,
  onActivate,
}: {
  row: EntryRowData;
  tabbable: boolean;
  style: CSSProperties;
  diffStats: boolean;
  onActivate(r: EntryRowData): void;
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
      tabIndex={tabbable ? 0 : -1}
      title={linkNote ? `${r.rel} (${linkNote})` : r.rel}
      onClick={() => onActivate(r)}
      className={`flex w-full min-w-0 items-center gap-1 py-px pr-2 text-left font-mono text-[12px] hover:bg-surface-2 focus:bg-surface-2 ${FOCUS_RING}`}
      style={{ ...style, paddingLeft: 8 + r.depth * 12 }}
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
