'use client';
// The previewed screen as text: the footer scope (last eight non-empty lines) shaded, every
// matching pattern highlighted in place in its rule's colour with the rule's tag after it, and the
// title above with its own matches.
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import type { Evaluation } from './editorTypes';
import { markScreen, type Mark, type MarkedSpan, type Run } from './screenMarks';
import { ruleColour, ruleName, tint } from './ruleColours';

function spansFor(evaluation: Evaluation | null, target: 'screen' | 'title'): MarkedSpan[] {
  if (!evaluation) return [];
  return evaluation.matches.flatMap((m) =>
    m.spans
      .filter((s) => s.target === target)
      .map((s) => ({
        start: s.start,
        end: s.end,
        pattern: s.pattern,
        state: m.state,
        rule: m.ruleIndex ?? m.ruleId,
      })),
  );
}

function tagText(rule: number | string): string {
  return typeof rule === 'number' ? `R${rule + 1}` : rule.replace(/^common\./, '');
}

function describe(marks: readonly Mark[]): string {
  return marks.map((m) => `${ruleName(m.rule)} · ${m.state} · “${m.pattern}”`).join('\n');
}

function RunView({ run }: { run: Run }): ReactNode {
  const first = run.marks[0];
  const body = first ? (
    <mark
      data-rule={String(first.rule)}
      title={describe(run.marks)}
      className="rounded-[2px] text-fg"
      style={{
        background: tint(ruleColour(first.rule, first.state), 32),
        boxShadow: `inset 0 -2px 0 ${ruleColour(first.rule, first.state)}`,
      }}
    >
      {run.text}
    </mark>
  ) : (
    run.text
  );
  return (
    <>
      {body}
      {run.ends.map((m, i) => (
        <span
          key={i}
          aria-hidden="true"
          className="mx-0.5 inline-block select-none rounded px-1 align-[1px] font-sans text-[9px] font-semibold leading-[13px]"
          style={{ background: ruleColour(m.rule, m.state), color: '#0b0d11' }}
        >
          {tagText(m.rule)}
        </span>
      ))}
    </>
  );
}

export interface ScreenViewProps {
  screen: string;
  title: string;
  evaluation: Evaluation | null;
  /** Shown when there is no screen yet. */
  empty?: ReactNode;
}

export function ScreenView({ screen, title, evaluation, empty }: ScreenViewProps) {
  const footerStart = evaluation?.footerStart ?? 0;
  const lines = useMemo(
    () => markScreen(screen, { spans: spansFor(evaluation, 'screen'), footerStart }),
    [screen, evaluation, footerStart],
  );
  const titleRuns = useMemo(
    () => markScreen(title, { spans: spansFor(evaluation, 'title'), footerStart: 0 })[0]?.runs ?? [],
    [title, evaluation],
  );
  const firstFooter = lines.findIndex((l) => l.footer);
  return (
    <div
      className="flex min-h-0 flex-col overflow-hidden rounded-md border border-line bg-term"
      data-testid="preview-screen"
    >
      <div className="flex items-center gap-2 border-b border-line bg-surface-2 px-2.5 py-1 text-[11px]">
        <span className="shrink-0 text-muted">title</span>
        <span className="min-w-0 truncate whitespace-pre font-mono text-fg" data-testid="preview-title">
          {title ? (
            titleRuns.map((r, i) => <RunView key={i} run={r} />)
          ) : (
            <span className="italic text-muted">(none)</span>
          )}
        </span>
      </div>
      {screen.trim() === '' ? (
        <div className="flex min-h-40 items-center justify-center p-6 text-center text-[12px] text-muted">
          {empty ?? 'No screen.'}
        </div>
      ) : (
        <div
          className="min-h-0 flex-1 overflow-auto py-1 font-mono text-[12px] leading-[18px]"
          role="region"
          aria-label="Previewed screen"
        >
          <div className="inline-block min-w-full">
            {lines.map((line, i) => (
              <div key={i}>
                {i === firstFooter && firstFooter > 0 && (
                  <div
                    aria-hidden="true"
                    className="flex items-center gap-2 px-2.5 pt-0.5 font-sans text-[10px] uppercase tracking-wide text-accent/90"
                  >
                    <span className="h-px flex-1 bg-accent/40" />
                    footer scope · last 8 non-empty lines
                    <span className="h-px flex-1 bg-accent/40" />
                  </div>
                )}
                <div
                  data-footer={line.footer || undefined}
                  className="whitespace-pre px-2.5"
                  style={
                    line.footer
                      ? {
                          background: tint('var(--rz-accent)', 8),
                          boxShadow: 'inset 2px 0 0 var(--rz-accent)',
                        }
                      : undefined
                  }
                >
                  {line.runs.map((r, j) => (
                    <RunView key={j} run={r} />
                  ))}
                  {'\u200b'}
                </div>
              </div>
            ))}
          </div>
        </div>
      )}
      {screen.trim() !== '' && (
        <div className="flex items-center gap-2 border-t border-line bg-surface-2 px-2.5 py-1 text-[11px] text-muted">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-sm"
            style={{ background: tint('var(--rz-accent)', 18), boxShadow: 'inset 2px 0 0 var(--rz-accent)' }}
          />
          {firstFooter <= 0
            ? 'Footer scope: the whole screen (it has eight non-empty lines or fewer).'
            : 'Footer scope: the last eight non-empty lines.'}
          <span className="ml-auto">Hover a highlight for its rule and pattern.</span>
        </div>
      )}
    </div>
  );
}
