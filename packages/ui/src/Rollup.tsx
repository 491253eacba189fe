import type { StateCounts } from './agentState';
import { rollupText } from './agentState';

export interface RollupProps {
  counts: StateCounts;
  className?: string;
}

/** `2 working · 1 needs input` under a session or folder; nothing when the group is quiet. */
export function Rollup({ counts, className = '' }: RollupProps) {
  const text = rollupText(counts);
  if (!text) return null;
  return (
    // min-w-0 lets it shrink with an ellipsis inside a flex row instead of being clipped; the
    // whole text is the tooltip. Screen readers hear "2 working, 1 needs input", not the parts run
    // together.
    <span className={`min-w-0 truncate text-[11px] text-muted ${className}`} title={text} data-rollup>
      {text.split(' · ').map((part, i) => (
        <span key={part}>
          {i > 0 && (
            <>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
            </>
          )}
          <span
            className={
              part.endsWith('needs input')
                ? 'text-blocked'
                : part.endsWith('working')
                  ? 'text-working'
                  : 'text-done'
            }
          >
            {part}
          </span>
        </span>
      ))}
    </span>
  );
}
