'use client';
// One Settings row that picks a config.toml value from a short list: the label, the select, and
// the hint (or the save's one-line refusal) under it. The first option is usually "Default (…)",
// whose value '' removes the key so rozi's default applies.
import { Field, Select } from '@rozi/ui';

export interface SettingSelectProps {
  label: string;
  hint: string;
  /** The failed save's one line, shown in place of the hint. */
  error?: string | null;
  value: string;
  /** [value, label] pairs, in order. */
  options: readonly (readonly [string, string])[];
  disabled?: boolean;
  onChange: (value: string) => void;
  /** Marks the select for tests and styling hooks (`data-setting="…"`). */
  setting?: string;
}

export function SettingSelect(o: SettingSelectProps) {
  return (
    <Field label={o.label} hint={o.hint} error={o.error ?? null}>
      {(id, describedBy) => (
        <Select
          id={id}
          aria-describedby={describedBy}
          data-setting={o.setting}
          value={o.value}
          disabled={o.disabled}
          onChange={(e) => o.onChange(e.target.value)}
          className="w-48"
        >
          {o.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
