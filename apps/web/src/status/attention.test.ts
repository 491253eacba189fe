import { describe, expect, it } from 'vitest';
import { notificationTone, pageTitle, panesWantingAttention } from './attention';

describe('attention', () => {
  it('counts done and needs-input panes except those in view; shells and working agents are quiet', () => {
    const panes = [
      { key: 1, state: 'done' as const },
      { key: 2, state: 'blocked' as const },
      { key: 3, state: 'working' as const },
      { key: 4, state: null },
      { key: 5, state: 'idle' as const },
    ];
    expect(panesWantingAttention(panes, [])).toEqual([1, 2]);
    expect(panesWantingAttention(panes, [2])).toEqual([1]);
    // A split shows both panes: both are seen.
    expect(panesWantingAttention(panes, [1, 2])).toEqual([]);
  });

  it('writes the count into the title', () => {
    expect(pageTitle(0)).toBe('rozi');
    expect(pageTitle(2)).toBe('(2) rozi');
  });

  it('maps the status service levels to toast tones', () => {
    expect(notificationTone('warn', true)).toBe('blocked');
    expect(notificationTone('info', true)).toBe('done');
    expect(notificationTone('info', false)).toBe('info');
  });
});
