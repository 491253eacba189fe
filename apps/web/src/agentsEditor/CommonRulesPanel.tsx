'use client';
// What `base = true` adds: rozi's common rules, each with its state, scope and why it exists, so a
// user deciding whether to turn them off sees exactly what they are turning off.
import { StatusBadge } from '@rozi/ui';
import type { CommonRule } from './editorTypes';

export function CommonRulesPanel({
  rules,
  matched,
}: {
  rules: readonly CommonRule[];
  matched: ReadonlySet<string>;
}) {
  return (
    <details className="group rounded-md border border-line bg-surface-2/60">
      <summary className="cursor-pointer select-none px-3 py-2 text-[12px] text-muted hover:text-fg">
        What the common rules are ({rules.length})
        {matched.size > 0 && <span className="ml-1 text-fg">· {matched.size} match the preview</span>}
      </summary>
      <ul className="flex max-h-72 flex-col divide-y divide-line overflow-auto border-t border-line">
        {rules.map((r) => (
          <li key={r.id} className="flex flex-col gap-1 px-3 py-2" data-common-rule={r.id}>
            <div className="flex items-center gap-2">
              <code
                className={`font-mono text-[12px] ${matched.has(r.id) ? 'font-semibold text-fg' : 'text-fg/90'}`}
              >
                {r.id.replace(/^common\./, '')}
              </code>
              <StatusBadge state={r.state} />
              <span className="text-[11px] text-muted">
                {r.target}
                {r.target === 'screen' ? ` · ${r.scope}` : ''}
              </span>
              {matched.has(r.id) && (
                <span className="ml-auto rounded-full bg-accent/15 px-2 text-[11px] text-accent">
                  matches
                </span>
              )}
            </div>
            <p className="text-[12px] leading-snug text-muted">{r.note}</p>
          </li>
        ))}
      </ul>
    </details>
  );
}
