// A README as the gallery may show it: plain Markdown text with raw HTML, scripts, styles,
// comments and control characters removed and the length capped. The page renders the result as
// text elements (never as HTML), so nothing in a README can run or load in the browser. Code
// (fenced or indented blocks, `inline spans`) keeps its angle brackets: there they are text a
// reader must see (`<prefix> x`, `rozi pick <file`), and the page never parses them as HTML.
const MAX_README_CHARS = 64 * 1024;
const TAG = /<\/?[a-z][^>]*>/gi;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;
const INLINE_CODE = /(`+)[^`]*?\1/g;

/** Strips tags outside inline code spans on one line of prose. */
function stripTagsOutsideCode(line: string): string {
  let out = '';
  let last = 0;
  for (const m of line.matchAll(INLINE_CODE)) {
    out += line.slice(last, m.index).replace(TAG, '') + m[0];
    last = m.index + m[0].length;
  }
  return out + line.slice(last).replace(TAG, '');
}

export function sanitizeReadme(text: string): string {
  const lines = text
    .slice(0, MAX_README_CHARS * 2)
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|iframe|object|embed)\b[\s\S]*?<\/\1\s*>/gi, '')
    .split('\n');
  let fenced = false;
  const out = lines.map((line) => {
    if (/^\s{0,3}(```|~~~)/.test(line)) {
      fenced = !fenced;
      return line;
    }
    if (fenced || /^( {4}|\t)/.test(line)) return line;
    return stripTagsOutsideCode(line);
  });
  return out.join('\n').replace(CONTROL, '').slice(0, MAX_README_CHARS);
}
