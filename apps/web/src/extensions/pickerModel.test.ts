import { describe, expect, it } from 'vitest';
import { actionForKey, headerBefore, rankPickerRows, usableActions } from './pickerModel';

const key = (k: string, mods: { ctrlKey?: boolean } = {}) => ({
  key: k,
  code: '',
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  metaKey: false,
  ...mods,
});

describe('picker model', () => {
  it('keeps the given order without a filter, priority first', () => {
    const rows = [
      { id: 'a', label: 'a' },
      { id: 'b', label: 'b', priority: 5 },
      { id: 'c', label: 'c' },
    ];
    expect(rankPickerRows(rows, '').map((r) => r.row.id)).toEqual(['b', 'a', 'c']);
  });

  it('ranks by the label, then group and description; priority boosts a match', () => {
    const rows = [
      { id: '1', label: 'feature/login', group: 'Local' },
      { id: '2', label: 'main', description: 'feature base' },
      { id: '3', label: 'fix/feat-typo', priority: 20 },
    ];
    const ranked = rankPickerRows(rows, 'feat');
    expect(ranked.map((r) => r.row.id)).toEqual(['3', '1', '2']);
    expect(ranked[1]!.positions).toEqual([0, 1, 2, 3]);
    expect(ranked[2]!.positions).toEqual([]);
    expect(rankPickerRows(rows, 'zzz')).toEqual([]);
  });

  it('drops actions whose chord does not parse and finds the action a key means', () => {
    const actions = usableActions([
      { id: 'delete', key: 'ctrl-d', label: 'delete' },
      { id: 'bad', key: 'hyper-banana', label: 'never' },
    ]);
    expect(actions.map((a) => a.action.id)).toEqual(['delete']);
    expect(actionForKey(actions, key('d', { ctrlKey: true }))?.id).toBe('delete');
    expect(actionForKey(actions, key('d'))).toBeUndefined();
  });

  it('draws a group header where the group changes', () => {
    const drawn = [
      { row: { id: 'a', label: 'a', group: 'Local' }, positions: [] },
      { row: { id: 'b', label: 'b', group: 'Local' }, positions: [] },
      { row: { id: 'c', label: 'c', group: 'Remote' }, positions: [] },
      { row: { id: 'd', label: 'd' }, positions: [] },
    ];
    expect(drawn.map((_, i) => headerBefore(drawn, i))).toEqual(['Local', null, 'Remote', null]);
  });
});
