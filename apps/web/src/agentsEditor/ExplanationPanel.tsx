'use client';
// Why the preview reads the state it does: the deciding rule, the other rules that matched, how
// precedence settled it, and which of rozi's common rules took part.
import { StatusBadge } from '@rozi/ui';
import type { Evaluation, ExplainedMatch } from './editorTypes';
import { ruleColour, ruleName, tint } from './ruleColours';

function RuleChip({ m }: { m: ExplainedMatch }) {
  const key = m.ruleIndex ?? m.ruleId;
  const colour = ruleColour(key, m.state);
  return (
    <span
      className="inline-flex items-center gap-1 rounded px-1.5 py-px font-mono text-[11px]"
      style={{ background: tint(colour, 22), boxShadow: `inset 2px 0 0 ${colour}` }}
      title={m.note ?? undefined}
    >
      {ruleName(key)}
    </span>
  );
}

function where(m: ExplainedMatch): string {
  return m.target === 'title' ? 'title' : m.scope === 'footer' ? 'footer' : 'screen';
}

export function ExplanationPanel({
  evaluation,
  dropped,
}: {
  evaluation: Evaluation | null;
  dropped: readonly { rule: number; message: string }[];
}) {
  if (!evaluation)
    return <div className="h-24 animate-pulse rounded-md bg-surface-2" aria-label="Evaluating" />;
  const d = evaluation.decidedBy;
  const own = evaluation.matches.filter((m) => !m.common);
  const common = evaluation.matches.filter((m) => m.common);
  const state = evaluation.state;
  const losers = evaluation.matchedStates.filter((s) => s !== state);
  return (
    <div className="flex flex-col gap-2.5" data-testid="preview-explanation">
      <div className="flex items-center gap-2.5">
        <span className="text-[12px] text-muted">Reads as</span>
        <span data-testid="preview-state" data-state={state}>
          <StatusBadge state={state} className="px-2.5 py-0.5 text-[13px]" />
        </span>
        {!evaluation.definitionLoaded && (
          <span className="rounded bg-danger/15 px-1.5 text-[11px] text-danger">
            definition does not load
          </span>
        )}
      </div>
      <ul className="flex flex-col gap-1.5 text-[12px] leading-snug text-fg/90">
        <li>
          {d ? (
            <>
              Decided by <RuleChip m={d} /> ({d.state}, {where(d)}
              {d.spans[0] ? (
                <>
                  , matched “<span className="font-mono">{d.spans[0].pattern}</span>”
                </>
              ) : null}
              ).
            </>
          ) : (
            <>No rule matched, so the agent reads idle.</>
          )}
        </li>
        {own.length > 0 && (
          <li className="flex flex-wrap items-center gap-1">
            Own rules matching:{' '}
            {own.map((m) => (
              <RuleChip key={m.ruleId} m={m} />
            ))}
          </li>
        )}
        {d && losers.length > 0 && (
          <li>
            Precedence <span className="font-mono text-[11px]">{evaluation.precedence.join(' › ')}</span>:{' '}
            {state} outranks {losers.join(' and ')}.
          </li>
        )}
        {!d && evaluation.matchedStates.length === 0 && evaluation.matches.length === 0 && (
          <li className="text-muted">Precedence did not come into it.</li>
        )}
        <li>
          Common rules:{' '}
          {evaluation.commonRulesApplied ? (
            common.length > 0 ? (
              <span className="inline-flex flex-wrap items-center gap-1">
                on, and {common.length === 1 ? 'this one matches' : 'these match'}:{' '}
                {common.map((m) => (
                  <RuleChip key={m.ruleId} m={m} />
                ))}
              </span>
            ) : (
              'on; none of them matches this screen.'
            )
          ) : (
            'off (base = false): only your rules run.'
          )}
        </li>
        {evaluation.definitionLoaded &&
          dropped.map((d) => (
            <li key={d.rule} className="flex flex-wrap items-center gap-1 text-danger">
              <span
                className="rounded px-1.5 py-px font-mono text-[11px] text-fg"
                style={{
                  background: tint(ruleColour(d.rule), 22),
                  boxShadow: `inset 2px 0 0 ${ruleColour(d.rule)}`,
                }}
              >
                {ruleName(d.rule)}
              </span>
              takes no part: detect drops it as written (see its warning).
            </li>
          ))}
        {!evaluation.definitionLoaded && (
          <li className="text-danger">
            The definition does not load as written (see its warnings), so only the common rules ran.
          </li>
        )}
      </ul>
    </div>
  );
}
