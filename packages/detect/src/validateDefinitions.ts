// The one validator for `[[agents]]` entries, whether they come from a built-in file,
// config.toml or an extension manifest. It returns every diagnostic (never throws): an invalid
// rule is dropped and the rest of its definition loads; an invalid definition is dropped whole;
// a second definition with the same id in one file is ignored. Overrides are resolved later by
// loadDefinitions.ts, so the drafts here keep "omitted" apart from "empty".
import { parse, TomlError } from 'smol-toml';
import { locateAgentEntries, type AgentEntryLines } from './agentLines';
import { normaliseName, normalisePath } from './processNames';
import { validateQuestionHint } from './questionHint';
import { validateResume } from './resumeArgv';
import { validateRule } from './validateRule';
import type {
  QuestionHint,
  DefinitionSource,
  DefinitionWarning,
  ProcessMatchSpec,
  ResumeSpec,
  SourceLocation,
  StateRule,
} from './model';

export const AGENT_ID = /^[a-z0-9_-]+$/;

/** A definition before overrides are applied. */
export interface DefinitionDraft {
  id: string;
  /** Undefined when `label` was omitted (defaults to the id). */
  label: string | undefined;
  base: boolean;
  /** null when `match` was omitted or matches nothing: only an override may inherit it. */
  match: ProcessMatchSpec | null;
  states: StateRule[];
  /** undefined = omitted (or invalid and ignored): an override inherits; false = `resume = false`. */
  resume: ResumeSpec | false | undefined;
  /** undefined = omitted (an override inherits the built-in's). */
  question: QuestionHint | undefined;
  source: DefinitionSource;
  location: SourceLocation;
}

export interface DefinitionFileInput {
  source: DefinitionSource;
  /** Shown in warnings. */
  file?: string;
  /** TOML text of the whole file; its `agents` array is validated. */
  text?: string;
  /** Already-parsed `agents` array (e.g. from an extension manifest parsed elsewhere). */
  agents?: unknown;
  /** Line numbers of the parsed entries, when the caller has them. */
  lines?: AgentEntryLines[];
}

export interface ValidateOptions {
  /** Ids that this file may override without a process match (the built-ins, for config.toml). */
  overridable?: ReadonlySet<string>;
}

const DEFINITION_KEYS = new Set(['id', 'label', 'base', 'match', 'states', 'resume', 'question']);
const MATCH_KEYS = new Set(['names', 'paths']);

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/** Parses TOML text; a syntax error becomes one warning with its line and column. */
export function parseToml(
  text: string,
  file?: string,
): { value: Record<string, unknown> | null; warning?: DefinitionWarning } {
  try {
    return { value: parse(text) as Record<string, unknown> };
  } catch (err) {
    const first = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? 'invalid TOML';
    const loc = err instanceof TomlError ? { line: err.line, column: err.column } : {};
    return { value: null, warning: { code: 'toml-syntax', message: first, file, ...loc } };
  }
}

function readMatch(
  raw: unknown,
  ctx: { id: string; loc: SourceLocation; warn: (w: DefinitionWarning) => void },
): { spec: ProcessMatchSpec | null; invalid: boolean } {
  if (raw === undefined) return { spec: null, invalid: false };
  if (!isTable(raw)) {
    ctx.warn({
      code: 'invalid-match',
      message: `agent '${ctx.id}': match must be a table like { names = ["tool"] }`,
      agent: ctx.id,
      ...ctx.loc,
    });
    return { spec: null, invalid: true };
  }
  const spec: ProcessMatchSpec = { names: [], paths: [] };
  for (const key of Object.keys(raw)) {
    if (!MATCH_KEYS.has(key))
      ctx.warn({
        code: 'unknown-field',
        message: `agent '${ctx.id}': unknown match field '${key}' ignored`,
        agent: ctx.id,
        ...ctx.loc,
      });
  }
  let invalid = false;
  for (const key of ['names', 'paths'] as const) {
    const list = raw[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.some((x) => typeof x !== 'string')) {
      ctx.warn({
        code: 'invalid-match',
        message: `agent '${ctx.id}': match.${key} must be a list of strings`,
        agent: ctx.id,
        ...ctx.loc,
      });
      invalid = true;
      continue;
    }
    for (const item of list as string[]) {
      const norm = key === 'names' ? normaliseName(item) : normalisePath(item);
      if (norm.trim() === '') {
        ctx.warn({
          code: 'invalid-match',
          message: `agent '${ctx.id}': empty entry in match.${key} ignored`,
          agent: ctx.id,
          ...ctx.loc,
        });
        continue;
      }
      if (!spec[key].includes(norm)) spec[key].push(norm);
    }
  }
  return { spec, invalid };
}

function validateEntry(
  raw: unknown,
  ctx: {
    index: number;
    lines: AgentEntryLines | undefined;
    input: DefinitionFileInput;
    options: ValidateOptions;
    seen: Set<string>;
    warn: (w: DefinitionWarning) => void;
  },
): DefinitionDraft | null {
  const file = ctx.input.file;
  const at = (line?: number): SourceLocation => ({ file, ...(line ? { line } : {}) });
  const headerLoc = at(ctx.lines?.header);
  if (!isTable(raw)) {
    ctx.warn({
      code: 'invalid-entry',
      message: `agents entry ${ctx.index + 1} is not a table; dropped`,
      ...headerLoc,
    });
    return null;
  }
  const idLoc = at(ctx.lines?.id ?? ctx.lines?.header);
  const id = raw.id;
  if (typeof id !== 'string' || !AGENT_ID.test(id)) {
    const shown = typeof id === 'string' ? `'${id}'` : 'missing';
    ctx.warn({
      code: 'invalid-id',
      message: `agent id ${shown} is invalid: use lowercase letters, digits, - and _; definition dropped`,
      ...idLoc,
    });
    return null;
  }
  if (ctx.seen.has(id)) {
    ctx.warn({
      code: 'duplicate-id',
      message: `agent '${id}' is defined again in this file; the second definition is ignored`,
      agent: id,
      ...headerLoc,
    });
    return null;
  }
  ctx.seen.add(id);
  for (const key of Object.keys(raw)) {
    if (!DEFINITION_KEYS.has(key))
      ctx.warn({
        code: 'unknown-field',
        message: `agent '${id}': unknown field '${key}' ignored`,
        agent: id,
        ...headerLoc,
      });
  }

  let label: string | undefined;
  if (raw.label !== undefined) {
    if (typeof raw.label === 'string' && raw.label.trim() !== '') label = raw.label;
    else
      ctx.warn({
        code: 'invalid-field',
        message: `agent '${id}': label must be a non-empty string; using the id`,
        agent: id,
        ...headerLoc,
      });
  }
  let base = true;
  if (raw.base !== undefined) {
    if (typeof raw.base === 'boolean') base = raw.base;
    else
      ctx.warn({
        code: 'invalid-field',
        message: `agent '${id}': base must be true or false; using true`,
        agent: id,
        ...headerLoc,
      });
  }

  const matchLoc = at(ctx.lines?.match ?? ctx.lines?.header);
  const match = readMatch(raw.match, { id, loc: matchLoc, warn: ctx.warn });
  if (match.invalid) return null;
  const empty = !match.spec || (match.spec.names.length === 0 && match.spec.paths.length === 0);
  const mayInherit = ctx.options.overridable?.has(id) ?? false;
  if (empty && !mayInherit) {
    ctx.warn({
      code: 'missing-match',
      message: `agent '${id}' has no process match: add match = { names = [...] } or paths; definition dropped`,
      agent: id,
      ...matchLoc,
    });
    return null;
  }
  if (empty && raw.match !== undefined) {
    ctx.warn({
      code: 'missing-match',
      message: `agent '${id}': match lists no names or paths; keeping the built-in's match`,
      agent: id,
      ...matchLoc,
    });
  }

  const states: StateRule[] = [];
  if (raw.states !== undefined) {
    if (!Array.isArray(raw.states)) {
      ctx.warn({
        code: 'invalid-field',
        message: `agent '${id}': states must be a list of [[agents.states]] rules; ignored`,
        agent: id,
        ...headerLoc,
      });
    } else {
      raw.states.forEach((rule, j) => {
        const line = ctx.lines?.states[j] ?? ctx.lines?.statesKey ?? ctx.lines?.header;
        const valid = validateRule(rule, { agent: id, index: j, location: at(line), warn: ctx.warn });
        if (valid) states.push(valid);
      });
    }
  }

  const resume = validateResume(raw.resume, {
    agent: id,
    location: at(ctx.lines?.resume ?? ctx.lines?.header),
    warn: ctx.warn,
  });
  const question = validateQuestionHint(raw.question, {
    agent: id,
    location: at(ctx.lines?.question ?? ctx.lines?.header),
    warn: ctx.warn,
  });
  return {
    id,
    label,
    base,
    match: empty ? null : match.spec,
    states,
    resume,
    question,
    source: ctx.input.source,
    location: headerLoc,
  };
}

/** Validates one file's `[[agents]]` entries. */
export function validateDefinitionFile(
  input: DefinitionFileInput,
  options: ValidateOptions = {},
): { drafts: DefinitionDraft[]; warnings: DefinitionWarning[] } {
  const warnings: DefinitionWarning[] = [];
  const warn = (w: DefinitionWarning) => warnings.push(w);
  let agents: unknown = input.agents;
  let lines = input.lines;
  if (input.text !== undefined) {
    const parsed = parseToml(input.text, input.file);
    if (!parsed.value) return { drafts: [], warnings: parsed.warning ? [parsed.warning] : [] };
    agents = parsed.value.agents;
    lines ??= locateAgentEntries(input.text);
  }
  if (agents === undefined) return { drafts: [], warnings };
  if (!Array.isArray(agents)) {
    warn({
      code: 'invalid-entry',
      message: 'agents must be an array of tables ([[agents]])',
      file: input.file,
    });
    return { drafts: [], warnings };
  }
  const seen = new Set<string>();
  const drafts: DefinitionDraft[] = [];
  agents.forEach((raw, index) => {
    const draft = validateEntry(raw, { index, lines: lines?.[index], input, options, seen, warn });
    if (draft) drafts.push(draft);
  });
  return { drafts, warnings };
}
