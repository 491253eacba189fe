import { describe, expect, it } from 'vitest';
import { askLabel, attachStep } from './attachPrompt';

const base = {
  session: 'main',
  me: 2,
  readOnly: false,
  controller: 1,
  here: [1, 2],
  decided: new Set<string>(),
};

describe('attachStep', () => {
  it('asks a writable page that joins a session another page controls', () => {
    expect(attachStep(base)).toBe('prompt');
  });
  it('waits until the roster lists this page on the session', () => {
    expect(attachStep({ ...base, here: [1] })).toBe('wait');
    expect(attachStep({ ...base, me: null })).toBe('wait');
  });
  it('asks nothing of the controller, a lone page, a read-only link or a session already chosen', () => {
    expect(attachStep({ ...base, controller: 2 })).toBe('settled');
    expect(attachStep({ ...base, controller: null, here: [2] })).toBe('settled');
    expect(attachStep({ ...base, readOnly: true })).toBe('settled');
    expect(attachStep({ ...base, decided: new Set(['main']) })).toBe('settled');
    expect(attachStep({ ...base, session: undefined })).toBe('settled');
  });
  it('names the middle choice by the takeover policy', () => {
    expect(askLabel(true)).toBe('Take control');
    expect(askLabel(false)).toBe('Ask for control');
  });
});
