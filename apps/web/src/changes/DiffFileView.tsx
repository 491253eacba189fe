'use client';
// One file of the Changes view: its hunks, unified or side by side, syntax-coloured, with a
// comment box under any line or hunk the person picks. Binary and oversized files are named with
// their counts instead of drawn.
import { Button, FOCUS_RING } from '@rozi/ui';
import { Fragment, useMemo, useState } from 'react';
import { useNear, placeholderPx } from './useNear';
import { hunksOf, splitRows, type DiffHunk, type DiffRow } from './diffModel';
import type { ReviewComment } from './reviewText';

export interface FileMeta {
  path: string;
  oldPath: string | null;
  status: string;
  added: number;
  removed: number;
  binary: boolean;
}

export type CommentTarget = Pick<ReviewComment, 'path' | 'line' | 'side' | 'quote'>;

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
const SIGN: Record<DiffRow['kind'], string> = { insert: '+', delete: '-', context: ' ' };

function Code({ row }: { row: DiffRow | null }) {
  if (!row) return <td className="bg-surface-2/60" />;
  return (
    <td className={`whitespace-pre-wrap break-all px-2 ${ROW_BG[row.kind]}`}>
      {row.html ? <span dangerouslySetInnerHTML={{ __html: row.html }} /> : row.text || ' '}
    </td>
  );
}

function LineNo({ n, onClick, label }: { n: number | null; onClick?: () => void; label: string }) {
  if (n === null) return <td className="w-10 select-none" />;
  return (
    <td className="w-10 select-none pr-1 text-right align-top text-muted/70">
      <button
        type="button"
        aria-label={label}
        title="Comment on this line"
        onClick={onClick}
        className={`w-full text-right hover:text-accent ${FOCUS_RING}`}
      >
        {n}
      </button>
    </td>
  );
}

const targetOf = (path: string, row: DiffRow): CommentTarget => ({
  path,
  line: (row.kind === 'delete' ? row.oldNumber : row.newNumber) ?? 0,
  side: row.kind === 'delete' ? 'old' : 'new',
  quote: [row.text],
});

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

const keyOf = (t: Pick<CommentTarget, 'line' | 'side'>) => `${t.side}:${t.line}`;

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
  const [draft, setDraft] = useState<CommentTarget | null>(null);
  const cols = mode === 'split' ? 4 : 4;
  const extras = (t: Pick<CommentTarget, 'line' | 'side'>) => {
    const here = comments.filter((c) => keyOf(c) === keyOf(t));
    const drafting = draft && keyOf(draft) === keyOf(t) && draft.quote.length === 1;
    if (!here.length && !drafting) return null;
    return (
      <tr>
        <td colSpan={cols}>
          <CommentList comments={here} onRemove={onRemove} />
          {drafting && draft && (
            <CommentBox
              onCancel={() => setDraft(null)}
              onSave={(text) => {
                onAdd(draft, text);
                setDraft(null);
              }}
            />
          )}
        </td>
      </tr>
    );
  };
  const pick = (row: DiffRow) => setDraft(targetOf(file.path, row));

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
              const hunkDraft = draft && draft.quote.length !== 1 && keyOf(draft) === keyOf(ht);
              return (
                <Fragment key={h}>
                  <tr className="bg-accent/8 text-muted">
                    <td colSpan={cols} className="px-2 py-0.5">
                      <span className="mr-2">{hunk.header}</span>
                      <button
                        type="button"
                        className={`rounded px-1 text-[11px] text-accent hover:bg-accent/15 ${FOCUS_RING}`}
                        onClick={() =>
                          setDraft({ ...ht, quote: ht.quote.length === 1 ? [...ht.quote, ''] : ht.quote })
                        }
                      >
                        Comment on hunk
                      </button>
                    </td>
                  </tr>
                  {hunkDraft && draft && (
                    <tr>
                      <td colSpan={cols}>
                        <CommentBox
                          onCancel={() => setDraft(null)}
                          onSave={(text) => {
                            onAdd({ ...draft, quote: draft.quote.filter((l) => l !== '') }, text);
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
                              onClick={() => pick(row)}
                            />
                            <LineNo
                              n={row.newNumber}
                              label={`Comment on line ${row.newNumber}`}
                              onClick={() => pick(row)}
                            />
                            <td className={`select-none text-center text-muted ${ROW_BG[row.kind]}`}>
                              {SIGN[row.kind]}
                            </td>
                            <Code row={row} />
                          </tr>
                          {extras(targetOf(file.path, row))}
                        </Fragment>
                      ))
                    : splitRows(hunk.rows).map((pair, i) => (
                        <Fragment key={i}>
                          <tr>
                            <LineNo
                              n={pair.left?.oldNumber ?? null}
                              label={`Comment on old line ${pair.left?.oldNumber}`}
                              onClick={() => pair.left && pick(pair.left)}
                            />
                            <Code row={pair.left} />
                            <LineNo
                              n={pair.right?.newNumber ?? null}
                              label={`Comment on line ${pair.right?.newNumber}`}
                              onClick={() => pair.right && pick(pair.right)}
                            />
                            <Code row={pair.right} />
                          </tr>
                          {pair.right && extras(targetOf(file.path, pair.right))}
                          {pair.left && pair.left.kind === 'delete' && extras(targetOf(file.path, pair.left))}
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
