// Copy mode's `/` search (rozi: terminal.md "Copy mode"): every match of the query in this pane's
// scrollback, newest first, at most MAX_COPY_MATCHES kept. ASCII letters match case-insensitively,
// other text exactly, as in rozi; it reads rendered rows, so it works whatever runs in the pane.
import type { IBuffer } from '@xterm/xterm';
import { rowText } from './cellText';

export const MAX_COPY_MATCHES = 2000;

export interface CopyMatch {
  y: number;
  x: number;
}

const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

export function searchBuffer(buffer: IBuffer, query: string): { matches: CopyMatch[]; truncated: boolean } {
  const matches: CopyMatch[] = [];
  if (query === '') return { matches, truncated: false };
  const needle = asciiLower(query);
  const scratch = buffer.getNullCell();
  for (let y = buffer.length - 1; y >= 0; y--) {
    const row = rowText(buffer, y, scratch);
    const hay = asciiLower(row.text);
    const found: CopyMatch[] = [];
    for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + 1))
      found.push({ y, x: row.cols[i] ?? 0 });
    // Newest first: within a row, the rightmost match is the newest.
    for (const m of found.reverse()) {
      if (matches.length === MAX_COPY_MATCHES) return { matches, truncated: true };
      matches.push(m);
    }
  }
  return { matches, truncated: false };
}

/** The first match older than (above, or left of) the position, wrapping to the newest. */
export function firstOlder(matches: readonly CopyMatch[], at: CopyMatch): number {
  const i = matches.findIndex((m) => m.y < at.y || (m.y === at.y && m.x < at.x));
  return i === -1 ? 0 : i;
}
