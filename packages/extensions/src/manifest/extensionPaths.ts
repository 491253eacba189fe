// Paths inside the extension. A placed contribution runs from a snapshot on another host, so it
// may only name files relative to the extension (spec: "Run on the session host"): a program on
// the host's PATH or a `./` path that stays inside. These are pure string rules; whether the file
// exists is the snapshot's business (node part).
import type { ManifestPath, Report } from './diagnostics';

export const EXTENSION_DIR_TOKEN = '{extension_dir}';

/**
 * Normalises an extension-relative path (`./bin/../x` → `x`), or undefined when it leaves the
 * extension. `{extension_dir}` at the start names the extension's root.
 */
export function insideExtension(path: string): string | undefined {
  let p = path.replace(/\\/g, '/');
  if (p.startsWith(EXTENSION_DIR_TOKEN)) p = '.' + p.slice(EXTENSION_DIR_TOKEN.length);
  if (p.startsWith('/') || p.startsWith('~') || /^[A-Za-z]:/.test(p)) return undefined;
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(seg);
  }
  return out.join('/');
}

function describe(program: string): string {
  return JSON.stringify(program.length > 80 ? program.slice(0, 80) + '…' : program);
}

/**
 * Checks the program of a placed exec: a bare name (looked up on the host's PATH), or a `./` or
 * `{extension_dir}/` path inside the extension. Returns whether it passed.
 */
export function checkPlacedProgram(
  report: Report,
  path: ManifestPath,
  what: { program: string; where: string },
): boolean {
  const { program, where } = what;
  const bare = !program.includes('/') && !program.includes('\\') && !program.startsWith('~');
  if (bare) return true;
  const relative = program.startsWith('./') || program.startsWith(EXTENSION_DIR_TOKEN + '/');
  if (relative && insideExtension(program) !== undefined) return true;
  let why: string;
  if (program.startsWith('/') || /^[A-Za-z]:/.test(program) || program.startsWith('\\'))
    why = 'an absolute path';
  else if (program.startsWith('~')) why = 'a ~ path';
  else if (relative || program.startsWith('../')) why = 'a path that leaves the extension';
  else why = 'a relative path without ./';
  report.error(
    'placed-path',
    path,
    `${where} runs from a snapshot on the host, so its program must be a name on PATH or a ./ path inside the extension; ${describe(program)} is ${why}`,
  );
  return false;
}

/** A placed service's cwd: a directory inside the extension. */
export function checkPlacedCwd(report: Report, path: ManifestPath, cwd: string): boolean {
  if (insideExtension(cwd) !== undefined) return true;
  report.error(
    'placed-path',
    path,
    `a placed service's cwd must be a directory inside the extension; ${describe(cwd)} is not`,
  );
  return false;
}

const SCRIPT_LIKE =
  /^(?:\.\/)?[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*\.(?:py|sh|bash|zsh|fish|js|mjs|cjs|ts|rb|pl|php|lua|ps1)$/;

/**
 * Whether a word is a relative path to a file of the extension that would be looked up in the
 * focused pane's directory. With the extension's file list, a listed file counts; without it, a
 * script-looking relative path does.
 */
export function resolvesFromPane(word: string, files: ReadonlySet<string> | undefined): boolean {
  if (
    word.startsWith(EXTENSION_DIR_TOKEN) ||
    word.startsWith('/') ||
    word.startsWith('~') ||
    word.startsWith('$') ||
    word.startsWith('-')
  )
    return false;
  if (files !== undefined) {
    const rel = insideExtension(word);
    if (rel !== undefined && rel !== '' && files.has(rel)) return true;
  }
  return SCRIPT_LIKE.test(word);
}

export interface PaneDirHintOptions {
  report: Report;
  path: ManifestPath;
  words: readonly string[];
  files: ReadonlySet<string> | undefined;
  /** Whether words[0] is a program (exec), whose `./` form resolves from the extension. */
  firstIsProgram: boolean;
}

/** Hints at arguments that a command would look for in the focused pane's directory. */
export function hintPaneRelativePaths(options: PaneDirHintOptions): void {
  const { report, path, words, files, firstIsProgram } = options;
  words.forEach((word, i) => {
    // An exec program written ./x or ../x resolves from the extension directory at load.
    // A bare program name is a PATH lookup.
    if (i === 0 && firstIsProgram && (word.startsWith('./') || word.startsWith('../') || !word.includes('/')))
      return;
    if (!resolvesFromPane(word, files)) return;
    const rel = insideExtension(word) ?? word;
    report.hint(
      'pane-relative-path',
      firstIsProgram ? [...path, i] : path,
      `"${word}" would be looked up in the focused pane's directory, not the extension's; write "${EXTENSION_DIR_TOKEN}/${rel}"`,
    );
  });
}
