// The editor's draft of one `[[agents]]` entry: the TOML table exactly as it would be written
// (snake_case keys, lists of strings), so the form, config.toml and @rozi/detect's validator all
// speak about the same object. Drafts are loose on purpose: a half-typed rule (an empty pattern, no
// state yet) must still reach the validator so the user sees detect's own message for it.
import { z } from 'zod';

export const patternGroupDraft = z.object({
  all_of: z.array(z.string()).optional(),
  any_of: z.array(z.string()).optional(),
  none_of: z.array(z.string()).optional(),
  regex: z.boolean().optional(),
});

export const ruleDraft = z.object({
  state: z.string(),
  scope: z.string().optional(),
  screen: patternGroupDraft.optional(),
  title: patternGroupDraft.optional(),
});

export const questionDraft = z.object({
  select: z.string().max(20).optional(),
  confirm: z.boolean().optional(),
  option: z.string().max(2000).optional(),
  question: z.string().max(2000).optional(),
});

export const definitionDraft = z.object({
  id: z.string().max(200),
  label: z.string().max(200).optional(),
  base: z.boolean().optional(),
  match: z
    .object({ names: z.array(z.string()).optional(), paths: z.array(z.string()).optional() })
    .optional(),
  states: z.array(ruleDraft).max(200).optional(),
  resume: z.union([z.object({ argv: z.array(z.string()) }), z.literal(false)]).optional(),
  /** `[agents.question]`: how the needs-you inbox reads and answers this agent's dialogs. */
  question: questionDraft.optional(),
});

export type PatternGroupDraft = z.infer<typeof patternGroupDraft>;
export type RuleDraft = z.infer<typeof ruleDraft>;
export type DefinitionDraft = z.infer<typeof definitionDraft>;
export type QuestionDraft = z.infer<typeof questionDraft>;

/** The TOML value of an entry: only what the user set, in the order people write it. */
export type TomlEntry = Record<string, unknown>;

function cleanGroup(group: PatternGroupDraft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // `regex` first: it changes how every pattern after it reads.
  if (group.regex) out.regex = true;
  for (const key of ['all_of', 'any_of', 'none_of'] as const) {
    const list = group[key];
    if (list && list.length > 0) out[key] = [...list];
  }
  return out;
}

/**
 * The table to write for a draft. Defaults are left out (`base = true`, `scope = "all"`, empty
 * lists, a label equal to the id) so a saved entry reads like one written by hand. Nothing that
 * the validator would complain about is dropped: an empty pattern stays and gets its warning.
 */
export function entryOfDraft(draft: DefinitionDraft): TomlEntry {
  const entry: TomlEntry = { id: draft.id };
  const label = draft.label?.trim();
  if (label && label !== draft.id) entry.label = draft.label;
  if (draft.base === false) entry.base = false;
  const names = draft.match?.names ?? [];
  const paths = draft.match?.paths ?? [];
  if (names.length > 0 || paths.length > 0) {
    const match: Record<string, string[]> = {};
    if (names.length > 0) match.names = [...names];
    if (paths.length > 0) match.paths = [...paths];
    entry.match = match;
  }
  if (draft.resume === false) entry.resume = false;
  else if (draft.resume) entry.resume = { argv: [...draft.resume.argv] };
  const question = questionEntry(draft.question);
  if (question) entry.question = question;
  if (draft.states && draft.states.length > 0) {
    entry.states = draft.states.map((rule) => {
      const out: Record<string, unknown> = { state: rule.state };
      if (rule.scope !== undefined && rule.scope !== 'all') out.scope = rule.scope;
      if (rule.screen) out.screen = cleanGroup(rule.screen);
      if (rule.title) out.title = cleanGroup(rule.title);
      return out;
    });
  }
  return entry;
}

/** Only the keys set: an empty select or pattern is the form's "not set". */
function questionEntry(q: QuestionDraft | undefined): Record<string, unknown> | null {
  if (!q) return null;
  const out: Record<string, unknown> = {};
  if (q.select) out.select = q.select;
  if (q.confirm !== undefined) out.confirm = q.confirm;
  if (q.option) out.option = q.option;
  if (q.question) out.question = q.question;
  return Object.keys(out).length > 0 ? out : null;
}

function questionOf(raw: unknown): QuestionDraft | undefined {
  if (!isTable(raw)) return undefined;
  return {
    ...(typeof raw.select === 'string' ? { select: raw.select } : {}),
    ...(typeof raw.confirm === 'boolean' ? { confirm: raw.confirm } : {}),
    ...(typeof raw.option === 'string' ? { option: raw.option } : {}),
    ...(typeof raw.question === 'string' ? { question: raw.question } : {}),
  };
}

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

function strings(v: unknown): string[] | undefined {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;
}

function groupOf(raw: unknown): PatternGroupDraft | undefined {
  if (!isTable(raw)) return undefined;
  return {
    all_of: strings(raw.all_of) ?? [],
    any_of: strings(raw.any_of) ?? [],
    none_of: strings(raw.none_of) ?? [],
    regex: raw.regex === true,
  };
}

/** A parsed TOML entry (from config.toml, a built-in or a manifest) as a form draft. */
export function draftOfEntry(raw: unknown): DefinitionDraft {
  const t = isTable(raw) ? raw : {};
  const match = isTable(t.match) ? t.match : undefined;
  const resume =
    t.resume === false
      ? false
      : isTable(t.resume) && Array.isArray(t.resume.argv)
        ? { argv: strings(t.resume.argv) ?? [] }
        : undefined;
  const states = Array.isArray(t.states)
    ? t.states.map((r): RuleDraft => {
        const rule = isTable(r) ? r : {};
        return {
          state: typeof rule.state === 'string' ? rule.state : '',
          scope: typeof rule.scope === 'string' ? rule.scope : 'all',
          ...(rule.title !== undefined && rule.screen === undefined
            ? { title: groupOf(rule.title) }
            : { screen: groupOf(rule.screen) ?? { any_of: [] } }),
        };
      })
    : [];
  const question = questionOf(t.question);
  return {
    id: typeof t.id === 'string' ? t.id : '',
    label: typeof t.label === 'string' ? t.label : '',
    base: t.base !== false,
    match: { names: strings(match?.names) ?? [], paths: strings(match?.paths) ?? [] },
    states,
    ...(resume !== undefined ? { resume } : {}),
    ...(question !== undefined ? { question } : {}),
  };
}
