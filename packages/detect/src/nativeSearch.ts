// Case-insensitive literal search with the native engine. A regex made only of escaped literal
// text (and alternations of it) cannot backtrack badly, so this is safe for user patterns; it
// also saves lowercasing the whole screen, which costs more than every rule together on a
// 12 KB screen of box-drawing characters (a two-byte string in V8).

const SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

export function escapeLiteral(text: string): string {
  return text.replace(SYNTAX, '\\$&');
}

/** A regex matching any of `texts`, ignoring case the Unicode way. */
export function literalSearch(texts: readonly string[], global = false): RegExp {
  return new RegExp(texts.map(escapeLiteral).join('|'), global ? 'giu' : 'iu');
}
