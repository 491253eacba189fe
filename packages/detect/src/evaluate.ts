// Screen and title evaluation with state precedence (spec: "State precedence"): every rule of
// the agent (plus the common rules unless `base = false`) is tested; the first state in
// unknown > blocked > working > idle that any rule produced wins, whatever the declaration
// order; no match reads idle. The result names every matching rule, the one that decided, and
// the matched text spans (offsets into the screen or title) for the editor and `explain`.
import { SCREEN_STATES } from './states';
import { COMMON_RULES } from './commonRules';
import {
  compileRule,
  compiledRulesOf,
  ruleHolds,
  type CompiledPattern,
  type CompiledRule,
} from './compiledRules';
import { prepareScreen } from './screenText';
import {
  type AgentDefinition,
  type AgentState,
  type DefinitionSet,
  type RuleScope,
  type RuleTarget,
  type SourceLocation,
} from './model';

export interface EvaluateInput {
  /** The matched definition's id; null/undefined or an id not in the set evaluates the common rules only. */
  agentId?: string | null;
  /** The visible screen as capture-pane returns it. */
  screen: string;
  /** The terminal title (OSC 0/2), if any. */
  title?: string | null;
}

export interface MatchSpan {
  target: RuleTarget;
  /** UTF-16 offsets into the original screen (or title). */
  start: number;
  end: number;
  /** The pattern that matched here, as written. */
  pattern: string;
}

export interface RuleMatch {
  ruleId: string;
  state: AgentState;
  target: RuleTarget;
  scope: RuleScope;
  /** True for rozi's common rules, false for the definition's own. */
  common: boolean;
  location: SourceLocation;
  spans: MatchSpan[];
}

export interface Evaluation {
  /** The definition evaluated, or null when only the common rules ran. */
  agentId: string | null;
  /** `unknown` means "this view hides the state": keep the last observed one (see unknownHold.ts). */
  state: AgentState;
  /** The first matching rule of the winning state (own rules before common ones); null when idle by default. */
  decidedBy: RuleMatch | null;
  /** Every rule that matched, own rules first, in declaration order. */
  matches: RuleMatch[];
  /** Offset where the footer scope begins, so an editor can draw the boundary. */
  footerStart: number;
}

const commonCompiled: CompiledRule[] = COMMON_RULES.map(compileRule);

function spansOf(rule: CompiledRule, text: string, offset: number): MatchSpan[] {
  const spans: MatchSpan[] = [];
  const add = (p: CompiledPattern) => {
    const at = p.find(text);
    if (at)
      spans.push({
        target: rule.rule.target,
        start: at.start + offset,
        end: at.end + offset,
        pattern: p.source,
      });
  };
  rule.allOf.forEach(add);
  const firstAny = rule.anyOf.find((p) => p.test(text));
  if (firstAny) add(firstAny);
  return spans;
}

function rulesFor(definition: AgentDefinition | undefined): { rule: CompiledRule; common: boolean }[] {
  const own = definition ? compiledRulesOf(definition).map((rule) => ({ rule, common: false })) : [];
  if (definition && !definition.base) return own;
  return [...own, ...commonCompiled.map((rule) => ({ rule, common: true }))];
}

export function evaluate(set: DefinitionSet, input: EvaluateInput): Evaluation {
  const definition = input.agentId ? set.byId.get(input.agentId) : undefined;
  const screen = prepareScreen(input.screen ?? '');
  const title = input.title ?? '';
  const matches: RuleMatch[] = [];
  for (const { rule, common } of rulesFor(definition)) {
    const r = rule.rule;
    const footer = r.target === 'screen' && r.scope === 'footer';
    const text = r.target === 'title' ? title : footer ? screen.footer : screen.text;
    if (!ruleHolds(rule, text)) continue;
    matches.push({
      ruleId: r.id,
      state: r.state,
      target: r.target,
      scope: r.scope,
      common,
      location: r.location,
      spans: spansOf(rule, text, footer ? screen.footerStart : 0),
    });
  }
  let decidedBy: RuleMatch | null = null;
  for (const state of SCREEN_STATES) {
    decidedBy = matches.find((m) => m.state === state) ?? null;
    if (decidedBy) break;
  }
  return {
    agentId: definition?.id ?? null,
    state: decidedBy?.state ?? 'idle',
    decidedBy,
    matches,
    footerStart: screen.footerStart,
  };
}
