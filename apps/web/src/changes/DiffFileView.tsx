'use client';
// One file of the Changes view: its hunks, unified or side by side, syntax-coloured, with a
// comment box under any line, range of lines or hunk the person picks: a line number starts a
// comment on that line, Shift (click, or Enter on the focused number) on a second line of the same
// hunk widens it to every line between. Binary and oversized files are named with their counts
// instead of drawn.
import { Button, FOCUS_RING } from '@rozi/ui';
import { Fragment, useMemo, useState } from 'react';
import { useNear, placeholderPx } from './useNear';
import { hunksOf, splitRows, type DiffHunk, type DiffRow } from './diffModel';
import { anchorKey, rangeTarget, SIGN, type CommentTarget } from './lineRange';
import type { ReviewComment } from './reviewText';

export interface FileMeta {
  path: string;
  oldPath: string | null;
  status: string;
  added: number;
  removed: number;
  binary: boolean;
}

export type { CommentTarget } from './lineRange';

export interface DiffFileViewProps {
  file: FileMeta;
  patch: string | null;
  omitted: null | 'binary' | 'large';
  mode: 'unified' | 'split';
  /** Draw the hunks now; otherwise only once the file comes near the viewport (useNear). */
  eager?: boolean;
  comments: ReviewComment[];
  onAdd(target: CommentTarget, text: string): void;
  onRemove(id: string): void;
}

const ROW_BG: Record<DiffRow['kind'], string> = {
  insert: 'bg-done/12',
  delete: 'bg-danger/12',
  context: '',
};

function Code({ row }: { row: DiffRow | null }) {
  if (!row) return <td className="bg-surface-2/60" />;
  return (
    <td className={`whitespace-pre-wrap break-all px-2 ${ROW_BG[row.kind]}`}>
      {row.html ? <span dangerouslySetInnerHTML={{ __html: row.html }} /> : row.text || ' '}
    </td>
  );
}

interface LineNoProps {
  n: number | null;
  /** shift: widen the comment's range to this line. */
  onPick?: (shift: boolean) => void;
  label: string;
  selected?: boolean;
}

function LineNo({ n, onPick, label, selected = false }: LineNoProps) {
  if (n === null) return <td className={`w-10 select-none ${selected ? 'bg-accent/25' : ''}`} />;
  return (
    <td
      data-selected={selected || undefined}
      className={`w-10 select-none pr-1 text-right align-top ${selected ? 'bg-accent/25 text-fg' : 'text-muted/70'}`}
    >
      <button
        type="button"
        aria-label={label}
        title="Comment on this line (Shift: on the lines from the last one picked to this one)"
        onClick={(e) => onPick?.(e.shiftKey)}
        onKeyDown={(e) => {
          // Shift+Enter / Shift+Space widen the range from the keyboard (a plain press clicks).
          if (e.shiftKey && (e.key === 'Enter' || e.key === ' ')) {
            e.preventDefault();
            onPick?.(true);
          }
        }}
        className={`w-full text-right hover:text-accent ${FOCUS_RING}`}
      >
        {n}
      </button>
    </td>
  );
}

const targetOf = (path: string, row: DiffRow): CommentTarget =>
  rangeTarget({ path, rows: [row], from: 0, to: 0 });

function hunkTarget(path: string, hunk: DiffHunk): CommentTarget {
  const changed = hunk.rows.filter((r) => r.kind !== 'context');
  const first = changed.find((r) => r.kind === 'insert') ?? changed[0] ?? hunk.rows[0];
  return {
    path,
    line: first?.newNumber ?? first?.oldNumber ?? 0,
    side: first?.kind === 'delete' ? 'old' : 'new',
    quote: changed.map((r) => `${SIGN[r.kind]}${r.text}`),
  };
}

const keyOf = anchorKey;

/** The comment being written: on a hunk (from its header) or on rows lo..hi of hunk h. */
type Draft =
  { target: CommentTarget; hunk: number } | { target: CommentTarget; h: number; lo: number; hi: number };

function CommentBox({ onSave, onCancel }: { onSave(text: string): void; onCancel(): void }) {
  const [text, setText] = useState('');
  return (
    <form
      className="flex flex-col gap-1.5 border-y border-accent/40 bg-surface-2 p-2 font-sans"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) onSave(text);
      }}
    >
      <textarea
        autoFocus
        aria-label="Review comment"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            // The comment is cancelled, not the whole Changes view.
            e.preventDefault();
            onCancel();
          }
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey) && text.trim()) onSave(text);
        }}
        rows={3}
        placeholder="What should the agent change here?"
        className={`w-full resize-y rounded border border-line bg-surface p-1.5 text-[12px] text-fg ${FOCUS_RING}`}
      />
      <div className="flex justify-end gap-1.5">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={!text.trim()}>
          Add comment
        </Button>
      </div>
    </form>
  );
}

function CommentList({ comments, onRemove }: { comments: ReviewComment[]; onRemove(id: string): void }) {
  return (
    <>
      {comments.map((c) => (
        <div
          key={c.id}
          data-review-comment=""
          className="flex items-start gap-2 border-y border-line bg-accent/10 px-3 py-1.5 font-sans text-[12px] text-fg"
        >
          {c.endLine !== undefined && c.endLine !== c.line && (
            <span className="shrink-0 font-mono text-muted">
              {c.line}–{c.endLine}
            </span>
          )}
          <span className="flex-1 whitespace-pre-wrap">{c.text}</span>
          <button
            type="button"
            className={`text-muted hover:text-danger ${FOCUS_RING}`}
            onClick={() => onRemove(c.id)}
            aria-label="Remove comment"
          >
            ×
          </button>
        </div>
      ))}
    </>
  );
}

export function DiffFileView({
  file,
  patch,
  omitted,
  mode,
  eager = true,
  comments,
  onAdd,
  onRemove,
}: DiffFileViewProps) {
  const [ref, near] = useNear<HTMLElement>(eager);
  const hunks = useMemo(() => (patch && near ? hunksOf(patch, file.path) : []), [patch, near, file.path]);
  const [draft, setDraft] = useState<Draft | null>(null);
  /** The line picked last (hunk, row index): Shift on another line of that hunk makes a range. */
  const [anchor, setAnchor] = useState<{ h: number; i: number } | null>(null);
  const cols = mode === 'split' ? 4 : 4;
  const rowDraft = draft && 'h' in draft ? draft : null;
  /** Under a row: the comments whose range ends there, and the box when the draft's range does. */
  const extras = (h: number, row: DiffRow) => {
    const here = comments.filter((c) => keyOf(c) === keyOf(targetOf(file.path, row)));
    const drafting = rowDraft && rowDraft.h === h && hunks[h]?.rows[rowDraft.hi] === row;
    if (!here.length && !drafting) return null;
    return (
      <tr>
        <td colSpan={cols}>
          <CommentList comments={here} onRemove={onRemove} />
          {drafting && (
            <CommentBox
              onCancel={() => setDraft(null)}
              onSave={(text) => {
                onAdd(rowDraft.target, text);
                setDraft(null);
              }}
            />
          )}
        </td>
      </tr>
    );
  };
  const pick = (h: number, row: DiffRow, shift: boolean) => {
    const rows = hunks[h]?.rows ?? [];
    const i = rows.indexOf(row);
    if (i < 0) return;
    const from = shift && anchor && anchor.h === h ? anchor.i : i;
    if (from === i) setAnchor({ h, i });
    setDraft({
      target: rangeTarget({ path: file.path, rows, from, to: i }),
      h,
      lo: Math.min(from, i),
      hi: Math.max(from, i),
    });
  };
  const isSelected = (h: number, row: DiffRow | null) => {
    if (!rowDraft || rowDraft.h !== h || !row) return false;
    const i = hunks[h]?.rows.indexOf(row) ?? -1;
    return i >= rowDraft.lo && i <= rowDraft.hi;
  };

  return (
    <section
      ref={ref}
      data-diff-file={file.path}
      data-drawn={near}
      className="rozi-diff overflow-hidden rounded-md border border-line"
    >
      <header className="flex items-center gap-2 border-b border-line bg-surface-2 px-3 py-1.5 text-[12px]">
        <span className="min-w-0 flex-1 truncate font-mono text-fg" title={file.path}>
          {file.oldPath ? `${file.oldPath} → ${file.path}` : file.path}
        </span>
        <span className="shrink-0 text-muted">{file.status}</span>
        {!file.binary && (
          <span className="shrink-0 font-mono">
            <span className="text-done">+{file.added}</span>{' '}
            <span className="text-danger">-{file.removed}</span>
          </span>
        )}
      </header>
      {omitted ? (
        <p data-omitted={omitted} className="px-3 py-2 text-[12px] text-muted">
          {omitted === 'binary'
            ? 'Binary file: not shown.'
            : `Too large to show here (${file.added + file.removed} changed lines). rozi agents diff prints it.`}
        </p>
      ) : !near ? (
        <div aria-hidden style={{ height: placeholderPx(file) }} />
      ) : (
        <table className="w-full table-fixed border-collapse font-mono text-[12px] leading-[18px] text-fg">
          <colgroup>
            {mode === 'split' ? (
              <>
                <col className="w-10" />
                <col />
                <col className="w-10" />
                <col />
              </>
            ) : (
              <>
                <col className="w-10" />
                <col className="w-10" />
                <col className="w-4" />
                <col />
              </>
            )}
          </colgroup>
          <tbody>
            {hunks.map((hunk, h) => {
              const ht = hunkTarget(file.path, hunk);
              const hunkDraft = draft && 'hunk' in draft && draft.hunk === h ? draft : null;
              return (
                <Fragment key={h}>
                  <tr className="bg-accent/8 text-muted">
                    <td colSpan={cols} className="px-2 py-0.5">
                      <span className="mr-2">{hunk.header}</span>
                      <button
                        type="button"
                        className={`rounded px-1 text-[11px] text-accent hover:bg-accent/15 ${FOCUS_RING}`}
                        onClick={() => setDraft({ target: ht, hunk: h })}
                      >
                        Comment on hunk
                      </button>
                    </td>
                  </tr>
                  {hunkDraft && (
                    <tr>
                      <td colSpan={cols}>
                        <CommentBox
                          onCancel={() => setDraft(null)}
                          onSave={(text) => {
                            onAdd(hunkDraft.target, text);
                            setDraft(null);
                          }}
                        />
                      </td>
                    </tr>
                  )}
                  {mode === 'unified'
                    ? hunk.rows.map((row, i) => (
                        <Fragment key={i}>
                          <tr data-row={row.kind}>
                            <LineNo
                              n={row.oldNumber}
                              label={`Comment on old line ${row.oldNumber}`}
                              onPick={(shift) => pick(h, row, shift)}
                              selected={isSelected(h, row)}
                            />
                            <LineNo
                              n={row.newNumber}
                              label={`Comment on line ${row.newNumber}`}
                              onPick={(shift) => pick(h, row, shift)}
                              selected={isSelected(h, row)}
                            />
                            <td className={`select-none text-center text-muted ${ROW_BG[row.kind]}`}>
                              {SIGN[row.kind]}
                            </td>
                            <Code row={row} />
                          </tr>
                          {extras(h, row)}
                        </Fragment>
                      ))
                    : splitRows(hunk.rows).map((pair, i) => (
                        <Fragment key={i}>
                          <tr>
                            <LineNo
                              n={pair.left?.oldNumber ?? null}
                              label={`Comment on old line ${pair.left?.oldNumber}`}
                              onPick={(shift) => pair.left && pick(h, pair.left, shift)}
                              selected={isSelected(h, pair.left)}
                            />
                            <Code row={pair.left} />
                            <LineNo
                              n={pair.right?.newNumber ?? null}
                              label={`Comment on line ${pair.right?.newNumber}`}
                              onPick={(shift) => pair.right && pick(h, pair.right, shift)}
                              selected={isSelected(h, pair.right)}
                            />
                            <Code row={pair.right} />
                          </tr>
                          {pair.right && extras(h, pair.right)}
                          {pair.left && pair.left.kind === 'delete' && extras(h, pair.left)}
                        </Fragment>
                      ))}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
