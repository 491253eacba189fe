'use client';
// An editable list of strings (patterns, process names, argv): one input per item, Enter adds the
// next one, Backspace in an empty input removes it, and focus follows so the keyboard never has to
// leave the list.
import { Button, IconButton, TextInput } from '@rozi/ui';
import { useEffect, useRef } from 'react';

export interface PatternListProps {
  label: string;
  values: readonly string[];
  onChange(values: string[]): void;
  placeholder?: string;
  addLabel?: string;
  /** Highlights the inputs (e.g. when a warning is about this list). */
  invalid?: boolean;
  mono?: boolean;
  /** Accent shown at the left of the list, e.g. the rule's colour. */
  accent?: string;
  testId?: string;
}

export function PatternList({
  label,
  values,
  onChange,
  placeholder,
  addLabel = 'Add',
  invalid,
  mono = true,
  accent,
  testId,
}: PatternListProps) {
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const focusIndex = useRef<number | null>(null);
  useEffect(() => {
    if (focusIndex.current === null) return;
    inputs.current[focusIndex.current]?.focus();
    focusIndex.current = null;
  });
  const add = (at = values.length) => {
    focusIndex.current = at;
    onChange([...values.slice(0, at), '', ...values.slice(at)]);
  };
  return (
    <div className="flex flex-col gap-1.5" data-testid={testId}>
      {values.length === 0 && <p className="text-[12px] italic text-muted">None.</p>}
      {values.map((value, i) => (
        <div key={i} className="flex items-center gap-1.5">
          {accent && (
            <span
              aria-hidden="true"
              className="h-5 w-0.5 shrink-0 rounded-full"
              style={{ background: accent }}
            />
          )}
          <TextInput
            ref={(el) => {
              inputs.current[i] = el;
            }}
            aria-label={`${label} ${i + 1}`}
            aria-invalid={invalid || (value.trim() === '' && values.length > 0) || undefined}
            value={value}
            placeholder={placeholder}
            spellCheck={false}
            autoComplete="off"
            className={`min-w-0 flex-1 ${mono ? 'font-mono text-[12px]' : ''} ${invalid ? 'border-danger/70' : ''}`}
            onChange={(e) => onChange(values.map((v, j) => (j === i ? e.target.value : v)))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add(i + 1);
              } else if (e.key === 'Backspace' && value === '' && values.length > 0) {
                e.preventDefault();
                focusIndex.current = Math.max(0, i - 1);
                onChange(values.filter((_, j) => j !== i));
              }
            }}
          />
          <IconButton
            icon="close"
            label={`Remove ${label.toLowerCase()} ${i + 1}`}
            onClick={() => onChange(values.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <div>
        <Button
          variant="ghost"
          icon="plus"
          className="h-7 px-2 text-[12px] text-muted hover:text-fg"
          onClick={() => add()}
        >
          {addLabel}
        </Button>
      </div>
    </div>
  );
}
