// tmux key names → the bytes a terminal sends for them (send-keys). Cursor keys honour the pane's
// application-cursor mode (DECCKM), as a real terminal would. Returns every unknown name at once.

const NAMED: Record<string, string> = {
  enter: '\r',
  tab: '\t',
  btab: '\x1b[Z',
  escape: '\x1b',
  esc: '\x1b',
  space: ' ',
  bspace: '\x7f',
  backspace: '\x7f',
  home: '\x1b[H',
  end: '\x1b[F',
  ic: '\x1b[2~',
  insert: '\x1b[2~',
  dc: '\x1b[3~',
  delete: '\x1b[3~',
  ppage: '\x1b[5~',
  pageup: '\x1b[5~',
  pgup: '\x1b[5~',
  npage: '\x1b[6~',
  pagedown: '\x1b[6~',
  pgdn: '\x1b[6~',
  f1: '\x1bOP',
  f2: '\x1bOQ',
  f3: '\x1bOR',
  f4: '\x1bOS',
  f5: '\x1b[15~',
  f6: '\x1b[17~',
  f7: '\x1b[18~',
  f8: '\x1b[19~',
  f9: '\x1b[20~',
  f10: '\x1b[21~',
  f11: '\x1b[23~',
  f12: '\x1b[24~',
};

const CURSOR: Record<string, string> = { up: 'A', down: 'B', right: 'C', left: 'D' };

export interface KeyEncodeOptions {
  /** DECCKM: cursor keys send ESC O x instead of ESC [ x. */
  applicationCursor: boolean;
}

function ctrl(ch: string): string | null {
  if (ch === ' ' || ch === '@' || ch === '2') return '\x00';
  if (ch === '?') return '\x7f';
  const code = ch.toUpperCase().charCodeAt(0);
  // A–Z and [ \ ] ^ _ map onto 0x01–0x1f.
  if (ch.length === 1 && code >= 0x40 && code <= 0x5f) return String.fromCharCode(code & 0x1f);
  return null;
}

function encodeOne(name: string, o: KeyEncodeOptions): string | null {
  let rest = name;
  let meta = false;
  let control = false;
  let shift = false;
  // Modifier prefixes in any order: C-, M-, S- (tmux accepts C-M-x and M-C-x).
  for (;;) {
    const m = /^([CMS])-(.+)$/.exec(rest);
    if (!m) break;
    if (m[1] === 'C') control = true;
    else if (m[1] === 'M') meta = true;
    else shift = true;
    rest = m[2] as string;
  }
  const lower = rest.toLowerCase();
  let out: string | null = null;
  const cursor = CURSOR[lower];
  if (cursor) {
    const mod = 1 + (shift ? 1 : 0) + (meta ? 2 : 0) + (control ? 4 : 0);
    if (mod > 1) return `\x1b[1;${mod}${cursor}`;
    return (o.applicationCursor ? '\x1bO' : '\x1b[') + cursor;
  }
  if (rest.length === 1) {
    out = rest;
    if (shift) out = out.toUpperCase();
    if (control) out = ctrl(rest);
  } else if (NAMED[lower] !== undefined && !control) {
    out = NAMED[lower] as string;
    if (shift && lower === 'tab') out = '\x1b[Z';
  } else if (control && lower === 'space') {
    out = '\x00';
  }
  if (out === null) return null;
  return meta ? '\x1b' + out : out;
}

/** Encodes tmux key names; `literal` sends every word as typed (send-keys -l). */
export function encodeKeys(
  keys: string[],
  o: KeyEncodeOptions & { literal?: boolean },
): { data: string } | { errors: string[] } {
  if (o.literal) return { data: keys.join('') };
  const errors: string[] = [];
  let data = '';
  for (const k of keys) {
    const enc = encodeOne(k, o);
    // A word that is not a key name is sent as text, as tmux does ("send-keys ls Enter").
    if (enc !== null) data += enc;
    else if (/^(?:[CMS]-)+./.test(k))
      errors.push(`unknown key '${k}' (modifiers take one character or a key name such as Up, F5)`);
    else data += k;
  }
  return errors.length ? { errors } : { data };
}
