// How `agents prompt` turns text into the bytes a person's paste + Enter would produce: ESC
// stripped (so the text cannot end a bracketed paste early or drive the TUI), newlines made CR
// like xterm's paste, wrapped in bracketed paste when the program turned it on (so a multi-line
// prompt stays one message), and one Enter appended.
import { LIMITS } from '../api/limits';

export const MAX_PROMPT_BYTES = LIMITS.promptBytes;

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

export function promptByteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * The first control character that a prompt may not carry, or null. A prompt is text a person
 * could paste: tab and newlines pass, ESC is stripped (encodePrompt), and every other C0/C1
 * control or DEL is refused — `\x03` would reach the agent as an interrupt, not as text.
 * Keys go through send-keys, which says so.
 */
export function forbiddenControl(text: string): string | null {
  const m = /[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f-\x9f]/.exec(text);
  return m ? m[0] : null;
}

export function encodePrompt(text: string, bracketedPaste: boolean): string {
  const body = text.replace(/\x1b/g, '').replace(/\r\n|\r|\n/g, '\r');
  return (bracketedPaste ? PASTE_START + body + PASTE_END : body) + '\r';
}
