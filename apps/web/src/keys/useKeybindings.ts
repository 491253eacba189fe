'use client';
// Listens for bound chords on the whole page, in the capture phase so a chord is taken before
// xterm.js sends it to the shell. Keys that start no binding pass through untouched.
import { useEffect, useMemo, useRef, useState } from 'react';
import { chordOfEvent, ChordMatcher, type KeymapResult } from '@rozi/keymap';

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
}

/** Returns the chords typed so far of an unfinished sequence (for the "Ctrl+A …" hint). */
export function useKeybindings({ keymap, run, global }: KeybindingOptions): readonly string[] {
  const matcher = useMemo(() => new ChordMatcher(keymap.bindings), [keymap]);
  const [pending, setPending] = useState<readonly string[]>([]);
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.isComposing) return;
      const chord = chordOfEvent(e);
      if (!chord) return;
      const inForm = isFormField(e.target) || document.querySelector('dialog[open]') !== null;
      if (inForm && matcher.pendingSequence.length === 0) {
        // Only single-chord global bindings (Ctrl+Shift+P) reach through a form or dialog.
        const probe = new ChordMatcher(keymap.bindings).feed(chord);
        if (probe.kind !== 'run' || !global?.has(probe.action)) return;
      }
      if (chord === 'esc' && matcher.pendingSequence.length > 0) {
        matcher.reset();
        setPending([]);
        e.preventDefault();
        e.stopPropagation();
        return;
      }
      const result = matcher.feed(chord);
      if (result.kind === 'none') return;
      e.preventDefault();
      e.stopPropagation();
      setPending(result.kind === 'pending' ? result.sequence : []);
      if (result.kind === 'run') runRef.current(result.action);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [matcher, keymap, global]);

  return pending;
}
