// rozi's picker wire format (control.md "Picker protocol"), read leniently and bounded: the
// request line (title, placeholder, width, actions, rows), row updates, and the one line written
// back per answer. Used by `rozi pick` and by anything else that speaks the protocol (the raw
// control socket), so every entry point accepts and answers the same shapes. Pure.
import type { PickerAction, PickerResult, PickerRow } from '../events/types';

/** What one picker carries at most: beyond these the rest is cut, with a problem saying so. */
export const PICKER_LIMITS = {
  rows: 100_000,
  /** Characters of a label; a 1 MB label is shown cut with an ellipsis, its id kept whole. */
  label: 1000,
  /** Characters of group, description, disabled reason and action texts. */
  text: 200,
  /** Characters of an id (ids are returned as given; longer ones are refused). */
  id: 4096,
  /** Serialised row bytes, so a request stays well under the control socket's 16 MB line. */
  bytes: 8 * 1024 * 1024,
  actions: 64,
  widthMin: 30,
  widthMax: 120,
  widthDefault: 60,
} as const;

export interface PickerRequestFields {
  title: string | null;
  placeholder: string | null;
  width: number | null;
  actions: PickerAction[];
  rows: PickerRow[];
}

export interface Normalised<T> {
  value: T;
  /** One line each, for stderr: what was cut, dropped or ignored. */
  problems: string[];
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function optionalText(value: unknown, max: number): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : cut(value, max);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Collects problems of one kind into one line: "row 3 has no label (and 41 more)". */
class ProblemList {
  private readonly counts = new Map<string, { first: string; more: number }>();
  add(kind: string, line: string): void {
    const seen = this.counts.get(kind);
    if (seen) seen.more++;
    else this.counts.set(kind, { first: line, more: 0 });
  }
  lines(): string[] {
    return [...this.counts.values()].map((p) => (p.more > 0 ? `${p.first} (and ${p.more} more)` : p.first));
  }
}

function rowOf(raw: unknown, index: number, problems: ProblemList): PickerRow | undefined {
  if (typeof raw === 'string')
    return { id: cut(raw, PICKER_LIMITS.id), label: cut(raw, PICKER_LIMITS.label) };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.add('not-object', `row ${index + 1} is not an object; skipped`);
    return undefined;
  }
  const r = raw as Record<string, unknown>;
  const label = optionalText(r.label, Number.MAX_SAFE_INTEGER);
  const idText = optionalText(r.id, Number.MAX_SAFE_INTEGER);
  // rozi: `id` falls back to `label`; a row with neither cannot be shown or returned.
  const id = idText ?? label;
  if (id === undefined) {
    problems.add('no-label', `row ${index + 1} has no label; skipped`);
    return undefined;
  }
  if (id.length > PICKER_LIMITS.id) {
    problems.add('long-id', `row ${index + 1} has an id over ${PICKER_LIMITS.id} characters; skipped`);
    return undefined;
  }
  const shown = label ?? id;
  if (shown.length > PICKER_LIMITS.label)
    problems.add('long-label', `row ${index + 1}'s label is ${shown.length} characters; shown cut`);
  const row: PickerRow = { id, label: cut(shown, PICKER_LIMITS.label) };
  const group = optionalText(r.group, PICKER_LIMITS.text);
  if (group !== undefined) row.group = group;
  // `badge` is the name this project used before rozi's `description`; both are read.
  const description = optionalText(r.description ?? r.badge, PICKER_LIMITS.text);
  if (description !== undefined) row.description = description;
  // rozi's `disabled` is the reason shown on the row; a bare `true` (this project's old boolean)
  // disables it with a generic reason.
  if (r.disabled === true) row.disabled = 'unavailable';
  else {
    const reason = optionalText(r.disabled === false ? undefined : r.disabled, PICKER_LIMITS.text);
    if (reason !== undefined) row.disabled = reason;
  }
  if (r.active === true) row.active = true;
  if (typeof r.priority === 'number' && Number.isFinite(r.priority)) row.priority = Math.trunc(r.priority);
  return row;
}

/** A rows value — `[...]`, `{"rows": [...]}` — read into bounded rows. */
export function normaliseRows(raw: unknown): Normalised<PickerRow[]> {
  const list = Array.isArray(raw) ? raw : (raw as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(list)) return { value: [], problems: ['rows must be a JSON array or {"rows": [...]}'] };
  const problems = new ProblemList();
  const rows: PickerRow[] = [];
  let bytes = 0;
  let cutAt: number | undefined;
  for (let i = 0; i < list.length; i++) {
    if (rows.length >= PICKER_LIMITS.rows || bytes > PICKER_LIMITS.bytes) {
      cutAt = i;
      break;
    }
    const row = rowOf(list[i], i, problems);
    if (!row) continue;
    bytes +=
      row.id.length + row.label.length + (row.description?.length ?? 0) + (row.group?.length ?? 0) + 40;
    rows.push(row);
  }
  const lines = problems.lines();
  if (cutAt !== undefined)
    lines.push(`${list.length} rows are more than a picker holds; the first ${rows.length} are listed`);
  return { value: rows, problems: lines };
}

function actionsOf(raw: unknown, problems: string[]): PickerAction[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    problems.push('actions must be an array; ignored');
    return [];
  }
  const actions: PickerAction[] = [];
  for (const [i, a] of raw.entries()) {
    const r = (a ?? {}) as Record<string, unknown>;
    const id = optionalText(r.id, PICKER_LIMITS.text);
    const key = optionalText(r.key, PICKER_LIMITS.text);
    const label = optionalText(r.label, PICKER_LIMITS.text) ?? id;
    if (!id || !key || !label) {
      problems.push(`action ${i + 1} needs an id, a key and a label; dropped`);
      continue;
    }
    const action: PickerAction = { id, key, label };
    const prompt = optionalText(r.prompt, PICKER_LIMITS.text);
    if (prompt !== undefined) action.prompt = prompt;
    if (r.close === true) action.close = true;
    if (r.confirm === true) action.confirm = true;
    actions.push(action);
  }
  if (actions.length > PICKER_LIMITS.actions) {
    problems.push(
      `${actions.length} actions are more than a picker shows; the first ${PICKER_LIMITS.actions} are kept`,
    );
    return actions.slice(0, PICKER_LIMITS.actions);
  }
  return actions;
}

/** rozi: `width` is in columns, clamped to 30–120; omitted, the built-in palettes' 60. */
export function pickerWidth(raw: unknown): number | null {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return null;
  return Math.max(PICKER_LIMITS.widthMin, Math.min(PICKER_LIMITS.widthMax, Math.round(raw)));
}

/** The request line of `pick --json` (or a socket `{"cmd":"pick", …}`), read into bounded fields. */
export function normaliseRequest(raw: unknown): Normalised<PickerRequestFields> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return {
      value: { title: null, placeholder: null, width: null, actions: [], rows: [] },
      problems: ['the picker request must be a JSON object'],
    };
  const r = raw as Record<string, unknown>;
  const problems: string[] = [];
  const actions = actionsOf(r.actions, problems);
  const rows = r.rows === undefined ? { value: [], problems: [] } : normaliseRows(r.rows);
  return {
    value: {
      title: optionalText(r.title, PICKER_LIMITS.text) ?? null,
      placeholder: optionalText(r.placeholder, PICKER_LIMITS.text) ?? null,
      width: pickerWidth(r.width),
      actions,
      rows: rows.value,
    },
    problems: [...problems, ...rows.problems],
  };
}

/** The one line rozi writes for an answer (`--json` output, socket stream). */
export function pickerOutputLine(result: PickerResult): Record<string, unknown> {
  switch (result.kind) {
    case 'selected':
      return { selected: result.row.id };
    case 'action':
      return {
        action: result.action,
        selected: result.selected?.id ?? null,
        ...(result.input !== null ? { input: result.input } : {}),
      };
    case 'input':
      return { input: result.text };
    case 'cancelled':
      return { cancelled: true };
  }
}
