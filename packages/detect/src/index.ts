// @rozi/detect: agent detection as pure functions (no I/O, no DOM; inputs are values).
//
//   loadDefinitions({ builtin?, config?, extensions? }) → DefinitionSet { definitions, warnings, byId }
//   matchProcess(set, processSnapshot)                  → ProcessMatch | null  (agent + its process)
//   evaluate(set, { agentId, screen, title })           → Evaluation (state, decidedBy, matches, spans)
//   readQuestion(set, { screen, evaluation })          → DialogQuestion | null (a blocked dialog's question, choices, keys)
//   holdUnknown(previous, evaluated, now)               → what to show while a view hides the state
//   applyReport / applyRelease / applyRows / effectiveSource → report arbitration per pane
//
// The built-in catalogue is embedded (builtin/*.toml → src/builtinCatalogue.ts); ARCHITECTURE.md
// ("packages/detect") describes the pieces and how to add an agent.
export type {
  AgentDefinition,
  AgentState,
  DefinitionSet,
  DefinitionSource,
  DefinitionWarning,
  LoadResult,
  PatternGroup,
  ProcessMatchSpec,
  ResumeSpec,
  RuleScope,
  RuleTarget,
  SourceKind,
  SourceLocation,
  StateRule,
  WarningCode,
} from './model';
export { formatLocation, isAgentState } from './model';
export {
  ACTIVITY_STATES,
  REPORTED_STATES,
  SCREEN_STATES,
  isStateIn,
  type ActivityState,
  type EffectiveState,
  type ReportedState,
  type ScreenState,
  type ShownState,
} from './states';
export {
  loadDefinitions,
  createDefinitionSet,
  type LoadInput,
  type ExtensionAgents,
  type TextFile,
} from './loadDefinitions';
export { validateDefinitionFile, AGENT_ID, type DefinitionFileInput } from './validateDefinitions';
export { locateAgentEntries, type AgentEntryLines } from './agentLines';
export { BUILTIN_CATALOGUE } from './builtinCatalogue';
export { COMMON_RULES, COMMON_RULE_NOTES } from './commonRules';
export { evaluate, type EvaluateInput, type Evaluation, type MatchSpan, type RuleMatch } from './evaluate';
export { FOOTER_LINES } from './screenText';
export {
  readQuestion,
  MAX_CHOICES,
  type DialogChoice,
  type DialogQuestion,
  type ReadQuestionInput,
} from './readQuestion';
export { compileLinePattern } from './questionHint';
export { SELECT_STYLES, type LinePattern, type QuestionHint, type SelectStyle } from './model';
export { UNKNOWN_QUIET_PERIOD_MS, holdUnknown, type HeldState, type ObservedState } from './unknownHold';
export {
  matchProcess,
  AGENT_ENV_VARS,
  type ProcessInfo,
  type ProcessMatch,
  type ProcessSnapshot,
  type MatchVia,
} from './processMatch';
export { resumeCommand, SESSION_PLACEHOLDER } from './resumeArgv';
export { compileRegexLite, translateRegexLite } from './patternSyntax';
export { parseFixtureFile, fixtureStem, type FixtureCase, type FixtureFile } from './fixtureCases';
export {
  REPORT_LEASE_MS,
  initialArbitration,
  applyReport,
  applyRelease,
  applyRows,
  effectiveSource,
  leaseActive,
  leaseDeadline,
  type ArbitrationState,
  type ConflictReason,
  type EffectiveSource,
  type LiveReport,
  type Outcome,
  type ReportInput,
  type ReleaseInput,
} from './reportArbitration';
