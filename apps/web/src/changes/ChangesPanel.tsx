'use client';
// The Changes view of an agent in a worktree, beside its panes: what it changed since its base,
// in one finished turn, or in the turn in progress; the file list with counts; each file's hunks
// unified or side by side with syntax colour; pages for large diffs; review comments sent back to
// the agent; and the finishing actions. It sits after the panes, whose terminals keep Tab, so it
// takes the focus when it opens (always at the person's asking: the chip or the palette) and Esc
// closes it and gives the focus back to where it was opened from.
import type { PaneView } from '@rozi/server/view';
import { Button, FOCUS_RING, IconButton, initialFocusTarget, returnFocus } from '@rozi/ui';
import { useEffect, useRef, useState } from 'react';
import { closeChanges } from './changesStore';
import { DiffFileView, type CommentTarget } from './DiffFileView';
import { FileList } from './FileList';
import { FinishBar } from './FinishBar';
import { ReviewBar } from './ReviewBar';
import type { ReviewComment } from './reviewText';
import { useChanges, type Turn } from './useChanges';

const scopeLabel = (turn: Turn): string =>
  turn === 'all' ? 'everything since the base' : turn === 'current' ? 'the turn in progress' : `turn ${turn}`;

function TurnPicker({ turn, turns, onPick }: { turn: Turn; turns: number; onPick(t: Turn): void }) {
  const options: Turn[] = ['all', ...Array.from({ length: turns }, (_, i) => i + 1), 'current'];
  const at = options.indexOf(turn);
  return (
    <div className="flex items-center gap-1" role="group" aria-label="Turn">
      <IconButton
        icon="chevronLeft"
        label="Previous turn"
        disabled={at <= 0}
        onClick={() => onPick(options[at - 1] ?? 'all')}
      />
      <select
        aria-label="Which changes"
        value={String(turn)}
        onChange={(e) => {
          const v = e.target.value;
          onPick(v === 'all' || v === 'current' ? v : Number(v));
        }}
        className={`h-7 rounded-md border border-line bg-surface-2 px-1.5 text-[12px] text-fg ${FOCUS_RING}`}
      >
        {options.map((o) => (
          <option key={String(o)} value={String(o)}>
            {o === 'all' ? 'All changes' : o === 'current' ? 'Turn in progress' : `Turn ${o}`}
          </option>
        ))}
      </select>
      <IconButton
        icon="chevronRight"
        label="Next turn"
        disabled={at >= options.length - 1}
        onClick={() => onPick(options[at + 1] ?? 'current')}
      />
    </div>
  );
}

/** The server's page size (diff.ts PAGE_FILES): which rows the first page will hold. */
const EARLY_PAGE_FILES = 25;

/** Files of a page drawn at once; the rest are drawn as they come near the viewport. */
const EAGER_FILES = 4;

/** Scrolls the diff body to a file's hunks once its page is drawn (it may be on the next page). */
function scrollToFile(path: string, until = Date.now() + 15_000): void {
  const el = document.querySelector(`[data-diff-file="${CSS.escape(path)}"]`);
  if (el) el.scrollIntoView({ block: 'start' });
  else if (Date.now() < until) requestAnimationFrame(() => scrollToFile(path, until));
}

export function ChangesPanel({ pane }: { pane: PaneView }) {
  const c = useChanges(pane);
  const [mode, setMode] = useState<'unified' | 'split'>('unified');
  const [comments, setComments] = useState<ReviewComment[]>([]);
  const wt = pane.worktree;
  const data = c.query.data;
  const diff = c.diff;
  const add = (t: CommentTarget, text: string) =>
    setComments((list) => [...list, { ...t, text, id: `${Date.now()}-${list.length}` }]);
  const panel = useRef<HTMLElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    opener.current = document.activeElement;
    // After the palette that asked (if any) has given the focus back.
    const frame = requestAnimationFrame(() => {
      if (panel.current) initialFocusTarget(panel.current)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <aside
      ref={panel}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        closeChanges();
        returnFocus(opener.current);
      }}
      aria-label="Changes"
      data-changes-panel=""
      className="relative flex w-[min(62vw,980px)] shrink-0 flex-col border-l border-line bg-bg"
    >
      <header className="flex h-9 shrink-0 items-center gap-2 border-b border-line bg-surface px-3 text-[12px]">
        <h2 className="text-[13px] font-semibold">Changes</h2>
        {wt && (
          <span className="truncate font-mono text-muted" title={`${wt.branch} from ${wt.base}`}>
            {wt.branch} ← {wt.base}
          </span>
        )}
        <div className="ml-auto flex items-center gap-2">
          <TurnPicker turn={c.turn} turns={wt?.turns ?? 0} onPick={c.setTurn} />
          <div
            role="radiogroup"
            aria-label="Layout"
            className="flex overflow-hidden rounded-md border border-line"
          >
            {(['unified', 'split'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="radio"
                aria-checked={mode === m}
                onClick={() => setMode(m)}
                className={`h-7 px-2 ${mode === m ? 'bg-accent/15 text-fg' : 'text-muted hover:text-fg'} ${FOCUS_RING}`}
              >
                {m === 'unified' ? 'Unified' : 'Side by side'}
              </button>
            ))}
          </div>
          <IconButton icon="close" label="Close changes" onClick={closeChanges} />
        </div>
      </header>
      {!wt ? (
        <p className="p-4 text-[13px] text-muted">
          Pane {pane.id} is not in a worktree rozi made. Start an agent with “In a new worktree” in the
          launcher.
        </p>
      ) : wt.missing ? (
        <p role="alert" className="p-4 text-[13px] text-danger">
          The worktree of {wt.branch} is gone (deleted by hand?). Remove it to forget it.
        </p>
      ) : (
        <>
          {c.query.error && (
            <p role="alert" className="border-b border-line px-3 py-2 text-[12px] text-danger">
              {c.query.error.message}
            </p>
          )}
          {data && diff && (
            <div className="flex min-h-0 flex-1">
              <nav
                aria-label="Changed files"
                className="flex w-64 shrink-0 flex-col border-r border-line bg-surface p-2 text-[12px]"
              >
                <p
                  className="mb-1.5 text-muted"
                  data-diff-totals=""
                  data-counting={c.counting ? '' : undefined}
                  aria-live="polite"
                >
                  {data.range.label}: {diff.totals.files} file{diff.totals.files === 1 ? '' : 's'},{' '}
                  {c.counting ? (
                    c.countsError ? (
                      <span className="text-danger" role="alert">
                        lines not counted: {c.countsError.message}
                      </span>
                    ) : (
                      <span>counting lines…</span>
                    )
                  ) : (
                    <>
                      <span className="text-done">+{diff.totals.added}</span>{' '}
                      <span className="text-danger">-{diff.totals.removed}</span>
                    </>
                  )}
                </p>
                <FileList
                  files={diff.files}
                  page={data.diff.page}
                  onPick={(f) => {
                    if (f.page !== data.diff.page) c.setPage(f.page);
                    scrollToFile(f.path);
                  }}
                />
              </nav>
              <div className="flex min-w-0 flex-1 flex-col">
                <div className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3" data-diff-body="">
                  {diff.files.length === 0 && (
                    <p className="text-[13px] text-muted">No changes in {data.range.label}.</p>
                  )}
                  {data.diff.patches.map((p, i) => {
                    const meta = diff.files.find((f) => f.path === p.path);
                    if (!meta) return null;
                    return (
                      <DiffFileView
                        key={`${c.turn}:${p.path}`}
                        file={meta}
                        patch={p.patch}
                        omitted={p.omitted}
                        mode={mode}
                        eager={i < EAGER_FILES}
                        comments={comments.filter((x) => x.path === p.path)}
                        onAdd={add}
                        onRemove={(id) => setComments((l) => l.filter((x) => x.id !== id))}
                      />
                    );
                  })}
                </div>
                {data.diff.pages > 1 && (
                  <div
                    className="flex items-center justify-center gap-2 border-t border-line bg-surface py-1.5 text-[12px]"
                    aria-label="Pages"
                  >
                    <Button disabled={data.diff.page === 0} onClick={() => c.setPage(data.diff.page - 1)}>
                      Previous
                    </Button>
                    <span data-diff-page="">
                      Page {data.diff.page + 1} of {data.diff.pages}
                    </span>
                    <Button
                      disabled={data.diff.page >= data.diff.pages - 1}
                      onClick={() => c.setPage(data.diff.page + 1)}
                    >
                      Next
                    </Button>
                  </div>
                )}
                <ReviewBar
                  pane={pane}
                  comments={comments}
                  scope={scopeLabel(c.turn)}
                  onSent={() => setComments([])}
                />
              </div>
            </div>
          )}
          {!data && !c.query.error && c.early && (
            <div className="flex min-h-0 flex-1">
              <nav
                aria-label="Changed files"
                className="flex w-64 shrink-0 flex-col border-r border-line bg-surface p-2 text-[12px]"
              >
                <p className="mb-1.5 text-muted" data-diff-totals="" data-counting="" aria-live="polite">
                  {c.early.length} file{c.early.length === 1 ? '' : 's'} changed, counting lines…
                </p>
                <FileList
                  files={c.early.map((f, i) => ({
                    path: f.path,
                    added: 0,
                    removed: 0,
                    binary: false,
                    counted: false,
                    page: Math.floor(i / EARLY_PAGE_FILES),
                  }))}
                  page={0}
                  onPick={() => undefined}
                />
              </nav>
              <p className="p-4 text-[13px] text-muted">Reading the changes…</p>
            </div>
          )}
          {!data && !c.query.error && !c.early && (
            <p className="p-4 text-[13px] text-muted">Reading the changes…</p>
          )}
          <FinishBar worktree={wt} onRemoved={closeChanges} onFinished={() => void c.query.refetch()} />
        </>
      )}
    </aside>
  );
}
