// Keystrokes typed while a launch is on its way: the launcher closes at once, and until the
// server answers with the new pane, what the person types is held here (taken in the capture
// phase, so it never reaches the pane they launched from) and then sent to the new pane.

/** The bytes a key sends to a terminal, for the keys a person types into a starting program. */
export function keyBytes(e: {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}): string | null {
  if (e.metaKey || e.altKey) return null;
  if (e.ctrlKey)
    return /^[a-z]$/i.test(e.key) ? String.fromCharCode(e.key.toLowerCase().charCodeAt(0) - 96) : null;
  if (e.key.length === 1) return e.key;
  if (e.key === 'Enter') return '\r';
  if (e.key === 'Backspace') return '\x7f';
  if (e.key === 'Tab') return '\t';
  if (e.key === 'Escape') return '\x1b';
  return null;
}

export interface KeyBuffer {
  /** Stops holding keys; returns what was typed meanwhile. */
  release(): string;
}

/**
 * Holds typed keys until released. Shortcuts that open the page's own UI (Ctrl+Shift+…) pass; a
 * key typed into a field (a dialog opened meanwhile) stays with that field.
 */
export function holdKeys(target: Window = window): KeyBuffer {
  let text = '';
  const onKey = (e: KeyboardEvent) => {
    const el = e.target as HTMLElement | null;
    const inField =
      el !== null &&
      (el.tagName === 'INPUT' ||
        el.tagName === 'SELECT' ||
        (el.tagName === 'TEXTAREA' && !el.classList.contains('xterm-helper-textarea')));
    if (inField || (e.ctrlKey && e.shiftKey)) return;
    const bytes = keyBytes(e);
    if (bytes === null) return;
    text += bytes;
    e.preventDefault();
    e.stopImmediatePropagation();
  };
  target.addEventListener('keydown', onKey, true);
  return {
    release() {
      target.removeEventListener('keydown', onKey, true);
      return text;
    },
  };
}
