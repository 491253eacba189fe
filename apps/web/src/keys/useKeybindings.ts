'use client';
// Listens for bound chords on the whole page, in the capture phase so a chord is taken before
// xterm.js sends it to the shell. Keys that start no binding pass through untouched.
import { useEffect, useRef, useState } from 'react';
import { chordOfEvent, ChordMatcher, type KeymapResult, type MatchResult } from '@rozi/keymap';

/** Form fields of the page (not the terminal's hidden textarea) keep their keys. */
function isFormField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.classList.contains('xterm-helper-textarea')) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export interface KeybindingOptions {
  keymap: KeymapResult;
  run(actionId: string): void;
  /** Actions that still work while a form field or dialog has focus (e.g. the palette). */
  global?: ReadonlySet<string>;
  /**
   * The keymap is the server's (config.toml [keys], extension keys), not yet only the defaults.
   * Until then a sequence that the defaults would end (run or cancel) is held, and finished
   * against the server's keymap when it arrives: a key rebound to Ctrl+A Alt+T, typed as the page
   * loads, opens its tab instead of being swallowed as an unknown sequence. Default true.
   */
  ready?: boolean;
}

/** Returns the chords typed so far of an unfinished sequence (for the "Ctrl+A …" hint). */
export function useKeybindings({ keymap, run, global, ready = true }: KeybindingOptions): readonly string[] {
  const [pending, setPending] = useState<readonly string[]>([]);
  const matcher = useRef<ChordMatcher>(new ChordMatcher(keymap.bindings));
  /** A whole sequence typed before the server's keymap came, to finish once it has. */
  const held = useRef<string[] | null>(null);
  const runRef = useRef(run);
  runRef.current = run;
  const readyRef = useRef(ready);
  readyRef.current = ready;

  const settle = (result: MatchResult) => {
    setPending(result.kind === 'pending' ? result.sequence : []);
    if (result.kind === 'run') runRef.current(result.action);
  };

  // A new keymap (the server's answer, a rebound key) keeps a sequence under way: its chords are
  // fed again to the new matcher rather than dropped, so the next key still finishes it.
  useEffect(() => {
    const carried = held.current ?? [...matcher.current.pendingSequence];
    const next = new ChordMatcher(keymap.bindings);
    matcher.current = next;
    if (!ready) {
      if (held.current) return;
      for (const chord of carried) next.feed(chord);
      return;
    }
    held.current = null;
    let result: MatchResult = { kind: 'none' };
    for (const chord of carried) result = next.feed(chord);
    if (carried.length > 0) settle(result);
  }, [keymap, ready]);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.isComposing) return;
      const chord = chordOfEvent(e);
      if (!chord) return;
      const m = matcher.current;
      const inForm = isFormField(e.target) || document.querySelector('dialog[open]') !== null;
      if (inForm && m.pendingSequence.length === 0) {
        // Only single-chord global bindings (Ctrl+Shift+P) reach through a form or dialog.
        const probe = new ChordMatcher(keymap.bindings).feed(chord);
        if (probe.kind !== 'run' || !global?.has(probe.action)) return;
      }
      if (chord === 'esc' && (m.pendingSequence.length > 0 || held.current)) {
        m.reset();
        held.current = null;
        setPending([]);
        e.preventDefault();
        e.stopPropagation();
        return;
      }
      const sequence = [...m.pendingSequence, chord];
      const result = m.feed(chord);
      if (result.kind === 'none') return;
      e.preventDefault();
      e.stopPropagation();
      if (!readyRef.current && sequence.length > 1 && result.kind !== 'pending') {
        held.current = sequence;
        setPending(sequence);
        return;
      }
      settle(result);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [keymap, global]);

  return pending;
}
