// Keystrokes typed while a launch is on its way: the launcher closes at once, and until the
// server answers with the new pane, what the person types is held here (taken in the capture
// phase, so it never reaches the pane they launched from) and then sent to the new pane. Keys
// stay held until what was held has been delivered: a key typed while that send is on its way
// would otherwise reach the pane first, over the terminal's own faster path.

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
  /** What was typed since the last take, still holding what comes next. */
  take(): string;
  /** Stops holding keys; returns what was typed since the last take. */
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
  const take = () => {
    const out = text;
    text = '';
    return out;
  };
  return {
    take,
    release() {
      target.removeEventListener('keydown', onKey, true);
      return take();
    },
  };
}

/**
 * Sends what the buffer holds, then what was typed during that send, until a send finds nothing
 * new; only then stops holding, so every key reaches the pane in the order it was typed. The
 * release follows the last empty take in the same tick, so no key falls between them. On a failed
 * send the buffer is released (what it still holds is dropped) and the error passed on.
 */
export async function deliverHeld(held: KeyBuffer, send: (text: string) => Promise<unknown>): Promise<void> {
  try {
    for (let text = held.take(); text !== ''; text = held.take()) await send(text);
  } finally {
    held.release();
  }
}
