import { describe, expect, it } from 'vitest';
import { lineEnd, moveInRow } from './copyMotions';

const row = (text: string, width = text.length + 4) => [...text.padEnd(width, ' ')];

describe('moveInRow', () => {
  const r = row('  foo.bar baz(qux)  end');
  it('moves by word, stopping at punctuation', () => {
    expect(moveInRow(r, 0, 'w')).toBe(2);
    expect(moveInRow(r, 2, 'w')).toBe(5);
    expect(moveInRow(r, 5, 'w')).toBe(6);
    expect(moveInRow(r, 6, 'w')).toBe(10);
    expect(moveInRow(r, 10, 'e')).toBe(12);
    expect(moveInRow(r, 12, 'e')).toBe(13);
    expect(moveInRow(r, 10, 'b')).toBe(6);
    expect(moveInRow(r, 6, 'b')).toBe(5);
  });

  it('moves by WORD over punctuation', () => {
    expect(moveInRow(r, 2, 'W')).toBe(10);
    expect(moveInRow(r, 10, 'W')).toBe(20);
    expect(moveInRow(r, 2, 'E')).toBe(8);
    expect(moveInRow(r, 20, 'B')).toBe(10);
  });

  it('jumps to line start, first non-blank and line end', () => {
    expect(moveInRow(r, 9, '0')).toBe(0);
    expect(moveInRow(r, 9, '^')).toBe(2);
    expect(moveInRow(r, 0, '$')).toBe(22);
    expect(lineEnd(row(''))).toBe(0);
  });

  it('never leaves the row', () => {
    expect(moveInRow(r, 20, 'w')).toBe(22);
    expect(moveInRow(r, 22, 'w')).toBe(22);
    expect(moveInRow(r, 22, 'e')).toBe(22);
    expect(moveInRow(r, 2, 'b')).toBe(2);
    expect(moveInRow(row('   '), 1, 'b')).toBe(1);
    expect(moveInRow([], 0, 'w')).toBe(0);
  });

  it('treats a wide character as one', () => {
    const wide = ['a', ' ', '漢', '', '字', '', ' ', 'b'];
    expect(moveInRow(wide, 0, 'w')).toBe(2);
    expect(moveInRow(wide, 2, 'w')).toBe(7);
    expect(moveInRow(wide, 2, 'e')).toBe(4);
    expect(moveInRow(wide, 7, 'b')).toBe(2);
    expect(moveInRow(['漢', ''], 0, '$')).toBe(0);
  });
});
