// Where each key of a config.toml text is written, so a diagnostic can say `file:line`. smol-toml
// gives positions only for syntax errors; this scanner follows the table headers and `key =` lines
// of a text that already parsed. It is a locator, not a parser: a key inside an inline table or a
// multi-line value is reported at the line of the key that holds it.

/** A key path as the parsed document has it: an `[[array]]` entry is its 0-based index. */
export type KeyPath = ReadonlyArray<string | number>;

export const pathKey = (path: KeyPath): string => path.map(String).join('\u0000');

/** Splits `a."b.c".d` into its parts (bare or quoted). */
export function splitDotted(src: string): string[] {
  const parts: string[] = [];
  let i = 0;
  while (i < src.length) {
    while (src[i] === ' ' || src[i] === '\t' || src[i] === '.') i++;
    if (i >= src.length) break;
    const q = src[i];
    if (q === '"' || q === "'") {
      let j = i + 1;
      let out = '';
      while (j < src.length && src[j] !== q) {
        if (q === '"' && src[j] === '\\' && j + 1 < src.length) {
          out += src[j + 1];
          j += 2;
        } else out += src[j++];
      }
      parts.push(out);
      i = j + 1;
    } else {
      let j = i;
      while (j < src.length && src[j] !== '.' && src[j] !== ' ' && src[j] !== '\t') j++;
      parts.push(src.slice(i, j));
      i = j;
    }
  }
  return parts;
}

/** The key part of a `key = value` line (up to the first `=` outside quotes), or null. */
export function keyOfLine(line: string): { key: string; rest: string } | null {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '=') return { key: line.slice(0, i).trim(), rest: line.slice(i + 1) };
    else if (c === '#') return null;
  }
  return null;
}

/** Brackets and braces a value opens and does not close on its line (strings skipped). */
export function openDepth(value: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') break;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
  }
  return depth;
}

export class KeyLines {
  private readonly lines = new Map<string, number>();

  constructor(text: string) {
    const rows = text.split(/\r?\n/);
    let table: KeyPath = [];
    const arrayCounts = new Map<string, number>();
    let depth = 0;
    let inMultiline: string | null = null;
    rows.forEach((raw, index) => {
      const line = raw.trim();
      const no = index + 1;
      if (inMultiline) {
        if (line.includes(inMultiline)) inMultiline = null;
        return;
      }
      if (depth > 0) {
        depth += openDepth(line);
        return;
      }
      if (line === '' || line.startsWith('#')) return;
      const header = /^\[\[\s*(.+?)\s*\]\]/.exec(line) ?? /^\[\s*(.+?)\s*\]/.exec(line);
      if (header?.[1] !== undefined && !keyOfLine(line)?.key.startsWith('[')) {
        const parts = splitDotted(header[1]);
        if (line.startsWith('[[')) {
          // Each [[a.b]] is the next entry of the array at a.b, under the current parents.
          const base = this.resolveArrays(parts, arrayCounts);
          const k = pathKey(base);
          const n = arrayCounts.get(k) ?? 0;
          arrayCounts.set(k, n + 1);
          this.set(base, no);
          table = [...base, n];
        } else table = this.resolveArrays(parts, arrayCounts);
        this.set(table, no);
        return;
      }
      const kv = keyOfLine(line);
      if (!kv) return;
      const path = [...table, ...splitDotted(kv.key)];
      for (let i = table.length + 1; i <= path.length; i++) this.set(path.slice(0, i), no);
      const value = kv.rest.trim();
      const triple = value.startsWith('"""') ? '"""' : value.startsWith("'''") ? "'''" : null;
      if (triple && !value.slice(3).includes(triple)) inMultiline = triple;
      else depth = Math.max(0, openDepth(value));
    });
  }

  /** `[a.b]` or `[[a.b]]` under an `[[a]]`: `a` means its latest entry (the last part is the name itself). */
  private resolveArrays(parts: string[], counts: Map<string, number>): KeyPath {
    const out: Array<string | number> = [];
    parts.forEach((p, i) => {
      out.push(p);
      const n = counts.get(pathKey(out));
      if (i < parts.length - 1 && n !== undefined && n > 0) out.push(n - 1);
    });
    return out;
  }

  private set(path: KeyPath, line: number): void {
    const k = pathKey(path);
    if (!this.lines.has(k)) this.lines.set(k, line);
  }

  /** The line of `path`, else of the nearest enclosing key or table that is written; 1-based. */
  lineOf(path: KeyPath): number | null {
    for (let n = path.length; n > 0; n--) {
      const line = this.lines.get(pathKey(path.slice(0, n)));
      if (line !== undefined) return line;
    }
    return null;
  }
}
