// How `agents prompt` turns text into the bytes a person's paste + Enter would produce: ESC
// stripped (so the text cannot end a bracketed paste early or drive the TUI), newlines made CR
// like xterm's paste, wrapped in bracketed paste when the program turned it on (so a multi-line
// prompt stays one message), and one Enter appended.
export const MAX_PROMPT_BYTES = 16_384;

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

export function promptByteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

export function encodePrompt(text: string, bracketedPaste: boolean): string {
  const body = text.replace(/\x1b/g, '').replace(/\r\n|\r|\n/g, '\r');
  return (bracketedPaste ? PASTE_START + body + PASTE_END : body) + '\r';
}
