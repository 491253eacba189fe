import { describe, expect, it } from 'vitest';
import {
  chordOfEvent,
  displaySequence,
  normalizeChord,
  normalizeSequence,
  parseSequence,
  sequencesOverlap,
} from './chord';

const ev = (
  key: string,
  mods: Partial<{ ctrlKey: boolean; altKey: boolean; shiftKey: boolean; metaKey: boolean }> = {},
) => ({
  key,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...mods,
});

describe('chords', () => {
  it('normalises modifier order, aliases and case', () => {
    expect(normalizeChord('Shift-Ctrl-P')).toBe('ctrl-shift-p');
    expect(normalizeChord('ctrl+a')).toBe('ctrl-a');
    expect(normalizeChord('Escape')).toBe('esc');
    expect(normalizeChord('alt-ArrowLeft')).toBe('alt-left');
    expect(normalizeChord('ctrl--')).toBe('ctrl--');
    expect(normalizeChord('-')).toBe('-');
    expect(normalizeChord('ctrl-a-b')).toBeNull();
    expect(normalizeChord('')).toBeNull();
  });

  it('names a key: one character or one of the named keys, never a dangling separator or a word', () => {
    expect(normalizeChord('ctrl-')).toBeNull();
    expect(normalizeChord('ctrl-a-')).toBeNull();
    expect(normalizeChord('ctrl+')).toBeNull();
    expect(normalizeChord('ctrl-foo')).toBeNull();
    expect(normalizeChord('ctrl-ab')).toBeNull();
    expect(normalizeChord('ctrl-plus')).toBe('ctrl-+');
    expect(normalizeChord('F12')).toBe('f12');
    expect(normalizeChord('f25')).toBeNull();
    expect(normalizeChord('win-del')).toBe('meta-delete');
    expect(normalizeChord('command-ins')).toBe('meta-insert');
    expect(normalizeChord('alt-space')).toBe('alt-space');
    expect(normalizeChord('ctrl-é')).toBe('ctrl-é');
    expect(parseSequence('ctrl-a ctrl-')).toBeNull();
    // The prefix placeholder, as config.toml and the docs write it.
    expect(parseSequence('prefix %')).toEqual(['prefix', '%']);
    expect(parseSequence('<prefix> F5')).toEqual(['prefix', 'f5']);
    expect(normalizeChord('ctrl-prefix')).toBeNull();
  });

  it('parses a prefix sequence and refuses a bad chord', () => {
    expect(parseSequence('ctrl-a %')).toEqual(['ctrl-a', '%']);
    expect(parseSequence('ctrl-a  shift-ctrl-x')).toEqual(['ctrl-a', 'ctrl-shift-x']);
    expect(parseSequence('ctrl-a ctrl-b-c')).toBeNull();
  });

  it('reads key events the way bindings are written', () => {
    expect(chordOfEvent(ev('a', { ctrlKey: true }))).toBe('ctrl-a');
    expect(chordOfEvent(ev('P', { ctrlKey: true, shiftKey: true }))).toBe('ctrl-shift-p');
    expect(chordOfEvent(ev('%', { shiftKey: true }))).toBe('%');
    expect(chordOfEvent(ev('ArrowLeft', { altKey: true }))).toBe('alt-left');
    expect(chordOfEvent(ev('Control', { ctrlKey: true }))).toBeNull();
  });

  it('shows sequences the way people read them', () => {
    expect(displaySequence(['ctrl-a', '%'])).toBe('Ctrl+A %');
    expect(displaySequence(['ctrl-shift-p'])).toBe('Ctrl+Shift+P');
    expect(displaySequence(['ctrl-a', 'left'])).toBe('Ctrl+A ←');
    expect(displaySequence(['ctrl-a', 'c'])).toBe('Ctrl+A c');
  });
});

describe('one normal form for a binding', () => {
  it('lower-cases, orders modifiers, collapses spaces and reads either separator', () => {
    expect(normalizeSequence(' Shift-Ctrl-A   b ')).toBe('ctrl-shift-a b');
    expect(normalizeSequence('Ctrl+Shift+P')).toBe('ctrl-shift-p');
    expect(normalizeSequence('super-x')).toBe('meta-x');
    expect(normalizeSequence('ctrl--')).toBe('ctrl--');
    expect(normalizeSequence('ctrl-a-b c')).toBeNull();
  });

  it('knows when one binding shadows another', () => {
    expect(sequencesOverlap(['ctrl-a', 'x'], ['ctrl-a', 'x', 'r'])).toBe(true);
    expect(sequencesOverlap(['ctrl-a', 'x'], ['ctrl-a', 'y'])).toBe(false);
  });
});
