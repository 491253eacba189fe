import { describe, expect, it } from 'vitest';
import {
  normaliseRequest,
  normaliseRows,
  PICKER_LIMITS,
  pickerOutputLine,
  pickerWidth,
} from './pickerProtocol';

describe('picker protocol', () => {
  it("reads rozi's row attributes, with id falling back to label", () => {
    const { value, problems } = normaliseRows({
      rows: [
        { id: 'main', label: 'main', group: 'Local', description: 'ahead 2', active: true, priority: 3 },
        { label: 'feat/x', disabled: 'Current' },
        { id: 'b', label: 'b', badge: 'old name' },
        { label: 'c', disabled: true },
        'plain line',
      ],
    });
    expect(problems).toEqual([]);
    expect(value).toEqual([
      { id: 'main', label: 'main', group: 'Local', description: 'ahead 2', active: true, priority: 3 },
      { id: 'feat/x', label: 'feat/x', disabled: 'Current' },
      { id: 'b', label: 'b', description: 'old name' },
      { id: 'c', label: 'c', disabled: 'unavailable' },
      { id: 'plain line', label: 'plain line' },
    ]);
  });

  it('names bad rows in one line per kind and keeps the good ones', () => {
    const { value, problems } = normaliseRows([{ label: 'ok' }, {}, { group: 'g' }, 7, null]);
    expect(value.map((r) => r.id)).toEqual(['ok']);
    expect(problems).toEqual([
      'row 2 has no label; skipped (and 1 more)',
      'row 4 is not an object; skipped (and 1 more)',
    ]);
    expect(normaliseRows('nope').problems).toEqual(['rows must be a JSON array or {"rows": [...]}']);
  });

  it('bounds a 1 MB label, 100,000+ rows and the total size', () => {
    const huge = 'x'.repeat(1024 * 1024);
    const one = normaliseRows([{ id: 'big', label: huge }]);
    expect(one.value[0]!.label.length).toBe(PICKER_LIMITS.label);
    expect(one.value[0]!.label.endsWith('…')).toBe(true);
    expect(one.problems[0]).toMatch(/label is 1048576 characters; shown cut/);
    const many = normaliseRows(Array.from({ length: 100_005 }, (_, i) => `row ${i}`));
    expect(many.value.length).toBe(100_000);
    expect(many.problems).toEqual(['100005 rows are more than a picker holds; the first 100000 are listed']);
    const heavy = normaliseRows(Array.from({ length: 20_000 }, (_, i) => ({ id: `${i}`, label: huge })));
    expect(heavy.value.length).toBeLessThan(20_000);
    expect(heavy.problems.at(-1)).toMatch(/^20000 rows are more than a picker holds/);
  });

  it('reads the request line: width clamped, bad actions dropped with a reason', () => {
    const r = normaliseRequest({
      title: 'Branch',
      width: 500,
      actions: [
        { id: 'delete', key: 'ctrl-d', label: 'delete', confirm: true },
        { id: 'create', key: 'ctrl-n', label: 'new branch', prompt: 'Branch name', close: true },
        { id: 'broken' },
      ],
      rows: [{ label: 'main' }],
    });
    expect(r.value).toEqual({
      title: 'Branch',
      placeholder: null,
      width: 120,
      actions: [
        { id: 'delete', key: 'ctrl-d', label: 'delete', confirm: true },
        { id: 'create', key: 'ctrl-n', label: 'new branch', prompt: 'Branch name', close: true },
      ],
      rows: [{ id: 'main', label: 'main' }],
    });
    expect(r.problems).toEqual(['action 3 needs an id, a key and a label; dropped']);
    expect(pickerWidth(3)).toBe(30);
    expect(pickerWidth('wide')).toBeNull();
    expect(normaliseRequest([1]).problems).toEqual(['the picker request must be a JSON object']);
  });

  it("answers with rozi's lines", () => {
    const row = { id: 'feat/x', label: 'feat/x' };
    expect(pickerOutputLine({ kind: 'selected', row })).toEqual({ selected: 'feat/x' });
    expect(pickerOutputLine({ kind: 'cancelled' })).toEqual({ cancelled: true });
    expect(
      pickerOutputLine({ kind: 'action', action: 'delete', selected: row, input: null, close: false }),
    ).toEqual({
      action: 'delete',
      selected: 'feat/x',
    });
    expect(
      pickerOutputLine({ kind: 'action', action: 'create', selected: null, input: 'feat/y', close: true }),
    ).toEqual({ action: 'create', selected: null, input: 'feat/y' });
  });
});
