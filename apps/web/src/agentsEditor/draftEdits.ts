// Pure edits of a draft for the form: new drafts, rules added, removed, duplicated and moved,
// screen/title switched. The draft is the TOML-shaped object the server validates.
import type { Draft, Group, GroupList, Rule } from './editorTypes';

export function emptyGroup(): Group {
  return { all_of: [], any_of: [''], none_of: [], regex: false };
}

export function newRule(state: Rule['state'] = 'blocked'): Rule {
  return { state, scope: 'footer', screen: emptyGroup() };
}

export function newDraft(o: { id?: string; label?: string; names?: string[]; paths?: string[] } = {}): Draft {
  return {
    id: o.id ?? '',
    label: o.label ?? '',
    base: true,
    match: { names: o.names ?? [], paths: o.paths ?? [] },
    states: [],
  };
}

export function ruleTarget(rule: Rule): 'screen' | 'title' {
  return rule.title !== undefined && rule.screen === undefined ? 'title' : 'screen';
}

export function ruleGroup(rule: Rule): Group {
  return (ruleTarget(rule) === 'title' ? rule.title : rule.screen) ?? emptyGroup();
}

export function withGroup(rule: Rule, group: Group): Rule {
  return ruleTarget(rule) === 'title' ? { ...rule, title: group } : { ...rule, screen: group };
}

/** Switches a rule between screen and title, keeping its patterns. Title rules have no scope. */
export function withTarget(rule: Rule, target: 'screen' | 'title'): Rule {
  const group = ruleGroup(rule);
  return target === 'title'
    ? { state: rule.state, title: group }
    : { state: rule.state, scope: rule.scope ?? 'all', screen: group };
}

export function setPattern(group: Group, o: { list: GroupList; index: number; value: string }): Group {
  const list = [...(group[o.list] ?? [])];
  list[o.index] = o.value;
  return { ...group, [o.list]: list };
}

export function addPattern(group: Group, list: GroupList, value = ''): Group {
  return { ...group, [list]: [...(group[list] ?? []), value] };
}

export function removePattern(group: Group, list: GroupList, index: number): Group {
  return { ...group, [list]: (group[list] ?? []).filter((_, i) => i !== index) };
}

export function rulesOf(draft: Draft): Rule[] {
  return draft.states ?? [];
}

export function replaceRule(draft: Draft, index: number, rule: Rule): Draft {
  return { ...draft, states: rulesOf(draft).map((r, i) => (i === index ? rule : r)) };
}

export function addRule(draft: Draft, rule: Rule = newRule()): Draft {
  return { ...draft, states: [...rulesOf(draft), rule] };
}

export function removeRule(draft: Draft, index: number): Draft {
  return { ...draft, states: rulesOf(draft).filter((_, i) => i !== index) };
}

export function duplicateRule(draft: Draft, index: number): Draft {
  const rules = rulesOf(draft);
  const copy = rules[index];
  if (!copy) return draft;
  return {
    ...draft,
    states: [...rules.slice(0, index + 1), structuredClone(copy), ...rules.slice(index + 1)],
  };
}

/** Moves a rule up (-1) or down (+1). Order never changes the state (precedence does), only the numbering. */
export function moveRule(draft: Draft, index: number, delta: -1 | 1): Draft {
  const rules = [...rulesOf(draft)];
  const to = index + delta;
  if (to < 0 || to >= rules.length) return draft;
  [rules[index], rules[to]] = [rules[to]!, rules[index]!];
  return { ...draft, states: rules };
}

/** What is sent to the server: the id without stray spaces. Empty pattern inputs stay, so detect reports them. */
export function normaliseDraft(draft: Draft): Draft {
  return { ...draft, id: draft.id.trim() };
}
