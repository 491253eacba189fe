// Validates one `[[agents.states]]` rule. Drops the rule (returns null) for an unknown state,
// both or neither of screen/title, an empty or none_of-only group, an empty pattern or an
// invalid regex; keeps it with a warning for an unknown scope (falls back to all) or a scope on
// a title rule (ignored). The checks live here so built-ins, config and extensions agree.
import { compileRegexLite } from './patternSyntax';
import {
  isAgentState,
  type DefinitionWarning,
  type PatternGroup,
  type RuleScope,
  type SourceLocation,
  type StateRule,
} from './model';

const RULE_KEYS = new Set(['state', 'scope', 'screen', 'title']);
const GROUP_KEYS = new Set(['all_of', 'any_of', 'none_of', 'regex']);

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

interface RuleContext {
  agent: string;
  /** Position among the declared rules (0-based), used in the rule id. */
  index: number;
  location: SourceLocation;
  warn: (w: DefinitionWarning) => void;
  /** Overrides the `<agent>.states[<index>]` id (the common rules name theirs). */
  id?: string;
}

function validateGroup(raw: unknown, where: string, ctx: RuleContext): PatternGroup | null {
  const fail = (code: DefinitionWarning['code'], message: string) => {
    ctx.warn({ code, message: `${where}: ${message}; rule dropped`, agent: ctx.agent, ...ctx.location });
    return null;
  };
  if (!isTable(raw))
    return fail('invalid-field', 'a pattern group must be a table like { any_of = ["text"] }');
  for (const key of Object.keys(raw)) {
    if (!GROUP_KEYS.has(key))
      ctx.warn({
        code: 'unknown-field',
        message: `${where}: unknown pattern-group field '${key}' ignored`,
        agent: ctx.agent,
        ...ctx.location,
      });
  }
  let regex = false;
  if (raw.regex !== undefined) {
    if (typeof raw.regex !== 'boolean') return fail('invalid-field', 'regex must be true or false');
    regex = raw.regex;
  }
  const lists: Record<'all_of' | 'any_of' | 'none_of', string[]> = { all_of: [], any_of: [], none_of: [] };
  for (const key of ['all_of', 'any_of', 'none_of'] as const) {
    const v = raw[key];
    if (v === undefined) continue;
    if (!Array.isArray(v) || v.some((p) => typeof p !== 'string'))
      return fail('invalid-field', `${key} must be a list of strings`);
    lists[key] = v as string[];
  }
  const all = [...lists.all_of, ...lists.any_of, ...lists.none_of];
  if (lists.all_of.length === 0 && lists.any_of.length === 0) {
    if (lists.none_of.length > 0)
      return fail(
        'only-none-of',
        'a group with only none_of would match any unrelated screen; add all_of or any_of',
      );
    return fail('empty-group', 'the pattern group is empty; add all_of or any_of patterns');
  }
  if (all.some((p) => p.trim() === '')) return fail('empty-pattern', 'empty patterns are not allowed');
  if (regex) {
    for (const p of all) {
      const compiled = compileRegexLite(p);
      if (!compiled.ok) return fail('invalid-regex', `invalid regex '${p}': ${compiled.message}`);
    }
  }
  return { allOf: lists.all_of, anyOf: lists.any_of, noneOf: lists.none_of, regex };
}

export function validateRule(raw: unknown, ctx: RuleContext): StateRule | null {
  const id = ctx.id ?? `${ctx.agent}.states[${ctx.index}]`;
  const where = `agent '${ctx.agent}' rule ${ctx.index + 1}`;
  const drop = (code: DefinitionWarning['code'], message: string) => {
    ctx.warn({ code, message: `${where}: ${message}; rule dropped`, agent: ctx.agent, ...ctx.location });
    return null;
  };
  if (!isTable(raw)) return drop('invalid-field', 'a rule must be a table ([[agents.states]])');
  for (const key of Object.keys(raw)) {
    if (!RULE_KEYS.has(key))
      ctx.warn({
        code: 'unknown-field',
        message: `${where}: unknown field '${key}' ignored`,
        agent: ctx.agent,
        ...ctx.location,
      });
  }
  if (!isAgentState(raw.state)) {
    const shown = raw.state === undefined ? 'missing' : `'${String(raw.state)}'`;
    return drop('unknown-state', `state ${shown} is not one of blocked, working, idle, unknown`);
  }
  const hasScreen = raw.screen !== undefined;
  const hasTitle = raw.title !== undefined;
  if (hasScreen && hasTitle) return drop('screen-and-title', 'set exactly one of screen or title, not both');
  if (!hasScreen && !hasTitle) return drop('missing-target', 'set screen or title');
  const target = hasScreen ? 'screen' : 'title';

  let scope: RuleScope = 'all';
  if (raw.scope !== undefined) {
    if (target === 'title') {
      ctx.warn({
        code: 'scope-on-title',
        message: `${where}: scope applies to screen rules only; ignored on a title rule`,
        agent: ctx.agent,
        ...ctx.location,
      });
    } else if (raw.scope === 'all' || raw.scope === 'footer') {
      scope = raw.scope;
    } else {
      ctx.warn({
        code: 'unknown-scope',
        message: `${where}: unknown scope '${String(raw.scope)}' (use all or footer); using all`,
        agent: ctx.agent,
        ...ctx.location,
      });
    }
  }
  const group = validateGroup(hasScreen ? raw.screen : raw.title, where, ctx);
  if (!group) return null;
  return { id, state: raw.state, target, scope, group, location: ctx.location };
}
