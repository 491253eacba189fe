// Validation and evaluation of an editor draft, both done by @rozi/detect itself so the editor can
// never disagree with the server: the draft is validated by the same validateDefinitionFile that
// loads config.toml, and evaluated by loading it exactly as a saved config.toml entry would load
// (overrides inherit the built-in's match), then calling the same evaluate().
import {
  BUILTIN_CATALOGUE,
  COMMON_RULE_NOTES,
  SCREEN_STATES,
  evaluate,
  loadDefinitions,
  validateDefinitionFile,
  type AgentState,
  type DefinitionWarning,
  type Evaluation,
  type MatchSpan,
} from '@rozi/detect';
import { entryOfDraft, type DefinitionDraft } from './draftModel';
import { renderAgentEntry } from './tomlRender';

/** Which part of the form a warning belongs to. */
export type DraftField = 'entry' | 'id' | 'match' | 'resume' | 'question' | 'rule';

export interface DraftWarning {
  code: DefinitionWarning['code'];
  /** detect's message, word for word. */
  message: string;
  field: DraftField;
  /** 0-based rule index when field is 'rule'. */
  rule?: number;
}

// Synthetic line numbers handed to the validator so each warning's line says which field it is
// about; the validator attaches lines, it does not read them.
const LINE = { header: 1, id: 2, match: 3, resume: 4, question: 5, firstRule: 10 } as const;

let builtinIdsCache: ReadonlySet<string> | null = null;

/** Ids of the built-in definitions (a config entry with one of these overrides it). */
export function builtinIds(): ReadonlySet<string> {
  builtinIdsCache ??= new Set(loadDefinitions({ builtin: BUILTIN_CATALOGUE }).definitions.map((d) => d.id));
  return builtinIdsCache;
}

function fieldOf(line: number | undefined): Pick<DraftWarning, 'field' | 'rule'> {
  if (line === undefined || line === LINE.header) return { field: 'entry' };
  if (line === LINE.id) return { field: 'id' };
  if (line === LINE.match) return { field: 'match' };
  if (line === LINE.resume) return { field: 'resume' };
  if (line === LINE.question) return { field: 'question' };
  return { field: 'rule', rule: line - LINE.firstRule };
}

/** Every warning detect gives for the draft as a config.toml entry, attributed to form fields. */
export function checkDraft(draft: DefinitionDraft): DraftWarning[] {
  const entry = entryOfDraft(draft);
  const rules = Array.isArray(entry.states) ? entry.states.length : 0;
  const lines = [
    {
      header: LINE.header,
      id: LINE.id,
      match: LINE.match,
      resume: LINE.resume,
      question: LINE.question,
      states: Array.from({ length: rules }, (_, j) => LINE.firstRule + j),
    },
  ];
  const { warnings } = validateDefinitionFile(
    { source: { kind: 'config' }, agents: [entry], lines },
    { overridable: builtinIds() },
  );
  return warnings.map((w) => ({ code: w.code, message: w.message, ...fieldOf(w.line) }));
}

export interface ExplainedMatch {
  ruleId: string;
  state: AgentState;
  target: 'screen' | 'title';
  scope: 'all' | 'footer';
  common: boolean;
  /** Index of the draft's own rule (as numbered in the form), null for a common rule. */
  ruleIndex: number | null;
  /** Why a common rule exists (from commonRules.ts). */
  note: string | null;
  spans: MatchSpan[];
}

export interface DraftEvaluation {
  /** False when the draft is invalid as a whole: only the common rules ran. */
  definitionLoaded: boolean;
  state: AgentState;
  decidedBy: ExplainedMatch | null;
  matches: ExplainedMatch[];
  footerStart: number;
  /** Precedence order, and the states that matched in it (for "blocked beat working"). */
  precedence: readonly AgentState[];
  matchedStates: AgentState[];
  /** Whether the common rules took part (base = true, or the definition did not load). */
  commonRulesApplied: boolean;
}

function explain(m: Evaluation['matches'][number], agentId: string): ExplainedMatch {
  const own =
    !m.common && m.ruleId.startsWith(`${agentId}.states[`) ? Number(/\[(\d+)\]$/.exec(m.ruleId)?.[1]) : NaN;
  return {
    ruleId: m.ruleId,
    state: m.state,
    target: m.target,
    scope: m.scope,
    common: m.common,
    ruleIndex: Number.isInteger(own) ? own : null,
    note: m.common ? (COMMON_RULE_NOTES.get(m.ruleId) ?? null) : null,
    spans: m.spans,
  };
}

/** Evaluates a screen + title with the draft loaded as a config.toml entry. */
export function evaluateDraft(
  draft: DefinitionDraft,
  input: { screen: string; title: string },
): DraftEvaluation {
  const entry = entryOfDraft(draft);
  let text: string;
  try {
    text = renderAgentEntry(entry);
  } catch {
    text = '';
  }
  const set = loadDefinitions({ builtin: BUILTIN_CATALOGUE, config: { file: 'draft', text } });
  const loaded = set.definitions.find((d) => d.id === draft.id && d.source.kind === 'config');
  const result = evaluate(set, {
    agentId: loaded ? draft.id : null,
    screen: input.screen,
    title: input.title,
  });
  const matches = result.matches.map((m) => explain(m, draft.id));
  const matchedStates = SCREEN_STATES.filter((s) => matches.some((m) => m.state === s));
  return {
    definitionLoaded: loaded !== undefined,
    state: result.state,
    decidedBy: result.decidedBy ? explain(result.decidedBy, draft.id) : null,
    matches,
    footerStart: result.footerStart,
    precedence: SCREEN_STATES,
    matchedStates,
    commonRulesApplied: !loaded || loaded.base,
  };
}
