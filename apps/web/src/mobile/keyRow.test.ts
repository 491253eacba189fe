import { describe, expect, it } from 'vitest';
import { applyModifiers, rowKeyBytes } from './keyRow';

const none = { ctrl: false, alt: false };

describe('mobile key row', () => {
  it('sends the plain keys', () => {
    expect(rowKeyBytes('esc', none)).toBe('\x1b');
    expect(rowKeyBytes('tab', none)).toBe('\t');
    expect(rowKeyBytes('up', none)).toBe('\x1b[A');
    expect(rowKeyBytes('left', none)).toBe('\x1b[D');
  });

  it('encodes modified arrows like xterm', () => {
    expect(rowKeyBytes('right', { ctrl: true, alt: false })).toBe('\x1b[1;5C');
    expect(rowKeyBytes('down', { ctrl: true, alt: true })).toBe('\x1b[1;7B');
  });

  it('turns a typed letter into its control character with sticky Ctrl', () => {
    expect(applyModifiers('c', { ctrl: true, alt: false })).toBe('\x03');
    expect(applyModifiers('C', { ctrl: true, alt: false })).toBe('\x03');
    expect(applyModifiers('x', { ctrl: false, alt: true })).toBe('\x1bx');
    expect(applyModifiers('hello', none)).toBe('hello');
  });
});
