// Rules compiled once per definition (cached on the definition object) into yes/no tests plus a
// span finder used only for rules that matched. Literal patterns are case-insensitive substrings;
// regex patterns go through the regex-lite check and re2js (patternSyntax.ts).
import { literalSearch } from './nativeSearch';
import { compileRegexLite } from './patternSyntax';
import type { AgentDefinition, StateRule } from './model';

export interface CompiledPattern {
  /** As written in the rule. */
  source: string;
  test(text: string): boolean;
  find(text: string): { start: number; end: number } | null;
}

export interface CompiledRule {
  rule: StateRule;
  allOf: CompiledPattern[];
  anyOf: CompiledPattern[];
  noneOf: CompiledPattern[];
}

function literal(source: string): CompiledPattern {
  const re = literalSearch([source]);
  return {
    source,
    test: (text) => re.test(text),
    find(text) {
      const m = re.exec(text);
      return m ? { start: m.index, end: m.index + m[0].length } : null;
    },
  };
}

// Validated rules always compile; a pattern that somehow does not (a rule built by hand) is
// turned into one that never matches rather than throwing in the middle of detection.
const NEVER: Omit<CompiledPattern, 'source'> = { test: () => false, find: () => null };

function regex(source: string): CompiledPattern {
  const compiled = compileRegexLite(source);
  if (!compiled.ok) return { source, ...NEVER };
  return { source, test: compiled.regex.test, find: compiled.regex.find };
}

export function compileRule(rule: StateRule): CompiledRule {
  const make = rule.group.regex ? regex : literal;
  return {
    rule,
    allOf: rule.group.allOf.map(make),
    anyOf: rule.group.anyOf.map(make),
    noneOf: rule.group.noneOf.map(make),
  };
}

const cache = new WeakMap<AgentDefinition, CompiledRule[]>();

export function compiledRulesOf(definition: AgentDefinition): CompiledRule[] {
  let rules = cache.get(definition);
  if (!rules) {
    rules = definition.states.map(compileRule);
    cache.set(definition, rules);
  }
  return rules;
}

/** Whether the group holds on `text`: every all_of, at least one any_of (if any), no none_of. */
export function ruleHolds(rule: CompiledRule, text: string): boolean {
  for (const p of rule.allOf) if (!p.test(text)) return false;
  if (rule.anyOf.length > 0 && !rule.anyOf.some((p) => p.test(text))) return false;
  for (const p of rule.noneOf) if (p.test(text)) return false;
  return true;
}
