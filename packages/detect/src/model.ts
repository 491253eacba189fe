// The validated agent-definition model every other module of @rozi/detect works on. Built from
// TOML (built-ins, config.toml, extension manifests) by validateDefinitions.ts; never mutated.

import { isStateIn, SCREEN_STATES, type ScreenState } from './states';

/** Screen states a rule can declare, in precedence order (the first present wins): states.ts. */
export type AgentState = ScreenState;

export function isAgentState(value: unknown): value is AgentState {
  return isStateIn(SCREEN_STATES, value);
}

/** Where a definition came from. Extension ids are already namespaced `<extension>.<id>`. */
export type DefinitionSource =
  { kind: 'builtin' } | { kind: 'config' } | { kind: 'extension'; extension: string };

export type SourceKind = DefinitionSource['kind'];

/** A position in a source file; `line` and `column` are 1-based. */
export interface SourceLocation {
  file?: string;
  line?: number;
  column?: number;
}

export interface PatternGroup {
  allOf: string[];
  anyOf: string[];
  noneOf: string[];
  /** Patterns are regex-lite (re2js after the syntax check in patternSyntax.ts). */
  regex: boolean;
}

export type RuleTarget = 'screen' | 'title';
/** `footer` = the last eight non-empty lines of the screen (FOOTER_LINES). */
export type RuleScope = 'all' | 'footer';

export interface StateRule {
  /** Stable name for explanations: `<agent>.states[<n>]` (n counts declared rules, 0-based) or `common.<name>`. */
  id: string;
  state: AgentState;
  target: RuleTarget;
  /** Always `all` for title rules. */
  scope: RuleScope;
  group: PatternGroup;
  location: SourceLocation;
}

export interface ProcessMatchSpec {
  /** Normalised: lowercase basenames without launcher suffixes (.exe .cmd .bat .ps1 .js .mjs .py). */
  names: string[];
  /** Normalised: lowercase, backslashes as slashes. */
  paths: string[];
}

export interface ResumeSpec {
  /** Exactly one element is `{session}`, never the first. */
  argv: string[];
}

/** `[agents.question]` (questionHint.ts validates it; readQuestion.ts uses it). */
export const SELECT_STYLES = ['arrows', 'digits', 'tab'] as const;
export type SelectStyle = (typeof SELECT_STYLES)[number];

/** A regex-lite pattern compiled for line matching with capture groups. */
export interface LinePattern {
  source: string;
  /** The whole match and group 1 (when the pattern has one), or null. */
  exec(line: string): { match: string; group: string | null } | null;
}

export interface QuestionHint {
  select?: SelectStyle;
  confirm?: boolean;
  option?: LinePattern;
  question?: LinePattern;
}

export interface AgentDefinition {
  id: string;
  label: string;
  /** Apply the common rules (commonRules.ts) as well as `states`. */
  base: boolean;
  match: ProcessMatchSpec;
  states: StateRule[];
  /** null = no native resume (never declared, or `resume = false`). */
  resume: ResumeSpec | null;
  /** `[agents.question]`: how to read and answer its blocked dialog; null = the generic reading. */
  question: QuestionHint | null;
  source: DefinitionSource;
  location: SourceLocation;
  /** Set when a config entry replaced a built-in of the same id. */
  overrides?: 'builtin';
}

export type WarningCode =
  | 'toml-syntax'
  | 'invalid-entry'
  | 'invalid-id'
  | 'missing-match'
  | 'invalid-match'
  | 'duplicate-id'
  | 'invalid-field'
  | 'unknown-field'
  | 'unknown-state'
  | 'missing-target'
  | 'screen-and-title'
  | 'empty-group'
  | 'only-none-of'
  | 'empty-pattern'
  | 'invalid-regex'
  | 'unknown-scope'
  | 'scope-on-title'
  | 'invalid-resume'
  | 'invalid-question';

/** One diagnostic. Rules and definitions it names were dropped unless the message says otherwise. */
export interface DefinitionWarning extends SourceLocation {
  code: WarningCode;
  message: string;
  /** The definition id when known. */
  agent?: string;
}

export interface LoadResult {
  definitions: AgentDefinition[];
  warnings: DefinitionWarning[];
}

/** A loaded, ordered set of definitions: the order is the order process matching consults. */
export interface DefinitionSet {
  readonly definitions: readonly AgentDefinition[];
  readonly byId: ReadonlyMap<string, AgentDefinition>;
  readonly warnings: readonly DefinitionWarning[];
}

export function formatLocation(loc: SourceLocation): string {
  if (!loc.file && !loc.line) return '';
  return `${loc.file ?? '<input>'}${loc.line ? `:${loc.line}` : ''}${loc.line && loc.column ? `:${loc.column}` : ''}`;
}
