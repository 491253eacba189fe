// Diagnostics of a manifest check: the closed set of codes, the shape printed by
// `rozi extensions check --json`, and the collector every section validator writes into.
// Validators never throw on a bad manifest: they add a diagnostic and go on, so one run reports
// every problem (CONVENTIONS.md, "Errors as part of the contract").

/** Stable codes. Adding one is fine within API 1; renaming one breaks scripts that match on it. */
export type DiagnosticCode =
  // input: bytes, text, TOML
  | 'too-large'
  | 'invalid-utf8'
  | 'utf8-bom'
  | 'nul-byte'
  | 'toml-syntax'
  | 'too-deep'
  | 'too-long'
  // structure
  | 'api-mismatch'
  | 'missing-field'
  | 'unknown-key'
  | 'wrong-type'
  | 'empty-value'
  | 'invalid-id'
  | 'reserved-id'
  | 'duplicate-id'
  | 'invalid-value'
  | 'out-of-range'
  | 'one-of-required'
  | 'mutually-exclusive'
  | 'field-not-allowed'
  // [extension]
  | 'invalid-version'
  | 'unknown-platform'
  | 'invalid-url'
  | 'too-many-screenshots'
  // processes and placement
  | 'placement-not-allowed'
  | 'session-scope-placement'
  | 'placed-path'
  | 'reserved-env'
  | 'invalid-json-schema'
  | 'schema-external-ref'
  // settings
  | 'float-setting'
  | 'choices-type'
  | 'bounds-type'
  | 'default-not-in-choices'
  | 'default-out-of-bounds'
  | 'unknown-setting'
  | 'list-setting-in-tab'
  // cross references
  | 'unknown-command'
  | 'send-command-handler'
  | 'invalid-scheme'
  | 'missing-file'
  | 'invalid-agent'
  // snapshot (node part feeds these in; they count only with placed contributions)
  | 'snapshot-too-large'
  | 'snapshot-link'
  // incompatibility: the manifest is well formed but cannot load here
  | 'rozi-too-old'
  | 'unsupported-platform';

export interface Diagnostic {
  code: DiagnosticCode;
  /** One line saying what is wrong and, where there is one, the fix. */
  message: string;
  /** Where in the manifest: `commands[1].exec`, `settings.rows.default`; `""` for the whole file. */
  path: string;
  /** 1-based line in extension.toml, or null when the problem has no place (file too large). */
  line: number | null;
}

/** Advice that does not make the manifest invalid (a likely typo, a path that resolves oddly). */
export interface Hint {
  code: string;
  message: string;
  path: string;
  line: number | null;
}

/** A path through the parsed manifest: table keys and array indices. */
export type PathSegment = string | number;
export type ManifestPath = readonly PathSegment[];

export function formatPath(path: ManifestPath): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z0-9_-]+$/.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `${out === '' ? '' : '.'}${JSON.stringify(seg)}`;
  }
  return out;
}

/** Finds the source line of a path; see sourceLines.ts for how (smol-toml keeps no positions). */
export type LineOf = (path: ManifestPath) => number | null;

/** Collects diagnostics and hints for one manifest. */
export class Report {
  readonly errors: Diagnostic[] = [];
  readonly hints: Hint[] = [];
  constructor(private readonly lineOf: LineOf) {}

  error(code: DiagnosticCode, path: ManifestPath, message: string): void {
    this.errors.push({ code, message, path: formatPath(path), line: this.lineOf(path) });
  }

  hint(code: string, path: ManifestPath, message: string): void {
    this.hints.push({ code, message, path: formatPath(path), line: this.lineOf(path) });
  }

  /** How many errors so far: section validators compare before/after to know if a part failed. */
  get errorCount(): number {
    return this.errors.length;
  }
}
