// A README as the gallery may show it: plain Markdown text with raw HTML, scripts, styles,
// comments and control characters removed and the length capped. The page renders the result as
// text elements (never as HTML), so nothing in a README can run or load in the browser.
const MAX_README_CHARS = 64 * 1024;

export function sanitizeReadme(text: string): string {
  return text
    .slice(0, MAX_README_CHARS * 2)
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|iframe|object|embed)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
    .slice(0, MAX_README_CHARS);
}
