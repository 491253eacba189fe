'use client';
// A small segmented choice (radio group): arrow keys move between options like native radios.
import { FOCUS_RING } from '@rozi/ui';
import { useRef } from 'react';

export interface SegmentedProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string; hint?: string }[];
  onChange(value: T): void;
  disabled?: boolean;
}

export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
}: SegmentedProps<T>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={`inline-flex h-7 items-center rounded-md border border-line bg-surface p-0.5 ${disabled ? 'opacity-50' : ''}`}
    >
      {options.map((o, i) => {
        const on = o.value === value;
        return (
          <button
            key={o.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={on}
            title={o.hint}
            disabled={disabled}
            tabIndex={on ? 0 : -1}
            onClick={() => onChange(o.value)}
            onKeyDown={(e) => {
              const step =
                e.key === 'ArrowRight' || e.key === 'ArrowDown'
                  ? 1
                  : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
                    ? -1
                    : 0;
              if (!step) return;
              e.preventDefault();
              const next = (i + step + options.length) % options.length;
              onChange(options[next]!.value);
              refs.current[next]?.focus();
            }}
            className={`h-full rounded px-2.5 text-[12px] font-medium transition-colors ${on ? 'bg-surface-3 text-fg shadow-sm' : 'text-muted hover:text-fg'} ${FOCUS_RING}`}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
