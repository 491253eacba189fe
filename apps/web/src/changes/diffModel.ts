// One file's unified diff as rows the Changes view draws: diff2html's parser reads the hunks,
// highlight.js colours each line by the file's language (one line at a time, so a hunk cut out of
// the middle of a construct still colours its tokens), and side-by-side pairs deletions with the
// insertions that replace them.
import { parse } from 'diff2html/lib-esm/diff-parser';
import hljs from 'highlight.js/lib/common';

export type RowKind = 'context' | 'insert' | 'delete';

export interface DiffRow {
  kind: RowKind;
  oldNumber: number | null;
  newNumber: number | null;
  /** The line's text without its +/-/space prefix. */
  text: string;
  /** highlight.js markup of `text` (HTML-escaped by it), or null for plain text. */
  html: string | null;
}

export interface DiffHunk {
  header: string;
  rows: DiffRow[];
}

/** A side-by-side line: the old side and the new side (either may be empty). */
export interface SplitRow {
  left: DiffRow | null;
  right: DiffRow | null;
}

const LANGUAGE_BY_EXT: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  json: 'json',
  md: 'markdown',
  py: 'python',
  rs: 'rust',
  go: 'go',
  rb: 'ruby',
  java: 'java',
  kt: 'kotlin',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  css: 'css',
  scss: 'scss',
  html: 'xml',
  xml: 'xml',
  svg: 'xml',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'ini',
  ini: 'ini',
  sql: 'sql',
  php: 'php',
  swift: 'swift',
  lua: 'lua',
  diff: 'diff',
};

export function languageOf(path: string): string | null {
  const name = path.split('/').pop() ?? path;
  if (name === 'Dockerfile') return 'dockerfile';
  if (name === 'Makefile') return 'makefile';
  const ext = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
  const lang = LANGUAGE_BY_EXT[ext];
  return lang && hljs.getLanguage(lang) ? lang : null;
}

/** Lines longer than this are shown plain: highlighting a minified line costs more than it shows. */
const MAX_HIGHLIGHT_CHARS = 2000;

function highlight(text: string, language: string | null): string | null {
  if (!language || text.length > MAX_HIGHLIGHT_CHARS || text.trim() === '') return null;
  try {
    return hljs.highlight(text, { language, ignoreIllegals: true }).value;
  } catch {
    return null; // a grammar that throws on a fragment: the line stays plain
  }
}

/** The hunks of one file's `diff --git` text. */
export function hunksOf(patch: string, path: string): DiffHunk[] {
  const language = languageOf(path);
  const [file] = parse(patch, { diffMaxChanges: undefined });
  if (!file) return [];
  return file.blocks.map((b) => ({
    header: b.header,
    rows: b.lines.map((l) => {
      const text = l.content.slice(1);
      const kind: RowKind = l.type === 'insert' ? 'insert' : l.type === 'delete' ? 'delete' : 'context';
      return {
        kind,
        oldNumber: l.oldNumber ?? null,
        newNumber: l.newNumber ?? null,
        text,
        html: highlight(text, language),
      };
    }),
  }));
}

/** Pairs each run of deletions with the insertions after it; context lines stand on both sides. */
export function splitRows(rows: DiffRow[]): SplitRow[] {
  const out: SplitRow[] = [];
  let i = 0;
  while (i < rows.length) {
    const row = rows[i] as DiffRow;
    if (row.kind === 'context') {
      out.push({ left: row, right: row });
      i++;
      continue;
    }
    const deleted: DiffRow[] = [];
    const inserted: DiffRow[] = [];
    while (i < rows.length && rows[i]?.kind === 'delete') deleted.push(rows[i++] as DiffRow);
    while (i < rows.length && rows[i]?.kind === 'insert') inserted.push(rows[i++] as DiffRow);
    for (let k = 0; k < Math.max(deleted.length, inserted.length); k++)
      out.push({ left: deleted[k] ?? null, right: inserted[k] ?? null });
  }
  return out;
}
