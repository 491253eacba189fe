import type { StateCounts } from './agentState';
import { rollupText } from './agentState';
import { FitText } from './FitText';

export interface RollupProps {
  counts: StateCounts;
  className?: string;
}

const SEPARATOR = ' · ';

function tone(part: string): string {
  if (part.endsWith('needs input')) return 'text-blocked';
  if (part.endsWith('working')) return 'text-working';
  return 'text-done';
}

/**
 * `2 working · 1 needs input` under a session or folder; nothing when the group is quiet. Too
 * narrow, it drops whole parts and ends in "…" ("2 working…"), never half a word; the whole text
 * is the tooltip. Screen readers hear "2 working, 1 needs input", not the parts run together.
 */
export function Rollup({ counts, className = '' }: RollupProps) {
  const text = rollupText(counts);
  if (!text) return null;
  const parts = text.split(SEPARATOR);
  const words = parts.map((p, i) => (i === 0 ? p : `${SEPARATOR}${p}`));
  return (
    <FitText
      text={text}
      words={words}
      className={`text-[11px] text-muted ${className}`}
      attrs={{ 'data-rollup': '' }}
      renderWord={(word, i) => {
        const part = parts[i] ?? word;
        return i === 0 ? (
          <span className={tone(part)}>{part}</span>
        ) : (
          <>
            <span aria-hidden="true">{SEPARATOR}</span>
            <span className="sr-only">, </span>
            <span className={tone(part)}>{part}</span>
          </>
        );
      }}
    />
  );
}
