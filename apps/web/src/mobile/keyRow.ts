// What the mobile key row sends. Sticky Ctrl/Alt apply to the next key, from the row or typed.

export type RowKey = 'esc' | 'tab' | 'up' | 'down' | 'left' | 'right';

const ARROWS: Record<'up' | 'down' | 'right' | 'left', string> = {
  up: 'A',
  down: 'B',
  right: 'C',
  left: 'D',
};

export interface Modifiers {
  ctrl: boolean;
  alt: boolean;
}

/** The bytes for a key of the row with the sticky modifiers applied (xterm's encodings). */
export function rowKeyBytes(key: RowKey, mods: Modifiers): string {
  if (key === 'esc') return mods.alt ? '\x1b\x1b' : '\x1b';
  if (key === 'tab') return mods.alt ? '\x1b\t' : '\t';
  const final = ARROWS[key];
  const modifier = 1 + (mods.alt ? 2 : 0) + (mods.ctrl ? 4 : 0);
  return modifier === 1 ? `\x1b[${final}` : `\x1b[1;${modifier}${final}`;
}

/** Applies sticky modifiers to text typed on the on-screen keyboard (only its first character). */
export function applyModifiers(data: string, mods: Modifiers): string {
  if (!mods.ctrl && !mods.alt) return data;
  const first = data[0];
  if (first === undefined) return data;
  let head = first;
  if (mods.ctrl) {
    const code = first.toUpperCase().charCodeAt(0);
    // Ctrl maps @ A–Z [ \ ] ^ _ onto 0x00–0x1f, and ? onto DEL; anything else is sent as is.
    if (code >= 0x40 && code <= 0x5f) head = String.fromCharCode(code & 0x1f);
    else if (first === '?') head = '\x7f';
    else if (first === ' ') head = '\x00';
  }
  if (mods.alt) head = `\x1b${head}`;
  return head + data.slice(1);
}
