import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYMAP } from '@rozi/keymap';
import { ACTIONS, actionById } from './actionRegistry';
import { prefixBytes } from './viewActions';

describe('action registry', () => {
  it('has unique ids', () => {
    const ids = ACTIONS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('defines every action the default keymap binds', () => {
    const missing = Object.keys(DEFAULT_KEYMAP).filter((id) => !actionById(id));
    expect(missing).toEqual([]);
  });

  it('sends the control byte of a ctrl-letter prefix', () => {
    expect(prefixBytes(['ctrl-a'])).toBe('\x01');
    expect(prefixBytes(['ctrl-b'])).toBe('\x02');
    expect(prefixBytes(['alt-a'])).toBeNull();
  });
});
