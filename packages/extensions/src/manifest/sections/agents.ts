// [[agents]]: agent definitions in the format of config.toml's [[agents]] (spec 000), namespaced
// `<extension-id>.<id>` so an extension adds agents and never replaces a built-in. Two passes:
// the manifest's own shape rules here (unknown keys, types, exact paths), then @rozi/detect's
// definition validator, the one rule set for every source of agents (pattern syntax, regex-lite,
// resume), for entries that passed the first. For an extension any warning detect would print
// makes the whole extension invalid (config.toml drops the rule instead).
import { SCREEN_STATES, SELECT_STYLES, validateDefinitionFile } from '@rozi/detect';
import type { ManifestPath, Report } from '../diagnostics';
import type { AgentContribution } from '../model';
import { reportDuplicates, TableReader, tableEntries } from '../tableReader';
import { isTable, type TomlTable, typeName } from '../tomlValue';
import { publicId, type SectionContext } from './context';

const KEYS = ['id', 'label', 'base', 'match', 'states', 'resume', 'question'];
const MATCH_KEYS = ['names', 'paths'];
const RULE_KEYS = ['state', 'scope', 'screen', 'title'];
const GROUP_KEYS = ['all_of', 'any_of', 'none_of', 'regex'];
const RESUME_KEYS = ['argv'];
const QUESTION_KEYS = ['select', 'confirm', 'option', 'question'];
const SCOPES = ['all', 'footer'] as const;

function readGroup(report: Report, table: TomlTable, path: ManifestPath): void {
  const g = new TableReader(report, { table: table, path: path }, GROUP_KEYS);
  const lists = ['all_of', 'any_of', 'none_of'].map((k) => g.stringList(k, { nonEmptyItems: true }) ?? []);
  g.boolean('regex');
  if ((lists[0]?.length ?? 0) + (lists[1]?.length ?? 0) === 0) {
    report.error(
      'invalid-agent',
      path,
      'a pattern group needs at least one all_of or any_of pattern (none_of alone would match any unrelated screen)',
    );
  }
}

function readRule(report: Report, table: TomlTable, path: ManifestPath): void {
  const r = new TableReader(report, { table: table, path: path }, RULE_KEYS);
  r.oneOf('state', SCREEN_STATES, true);
  const scope = r.oneOf('scope', SCOPES);
  const screen = r.subtable('screen');
  const title = r.subtable('title');
  if (r.has('screen') && r.has('title'))
    r.error('mutually-exclusive', 'title', 'a rule sets exactly one of screen or title');
  else if (!r.has('screen') && !r.has('title'))
    r.error('one-of-required', undefined, 'a rule sets exactly one of screen or title');
  if (title !== undefined && scope !== undefined)
    r.error('field-not-allowed', 'scope', 'scope applies to screen rules only');
  if (screen !== undefined) readGroup(report, screen, r.at('screen'));
  if (title !== undefined) readGroup(report, title, r.at('title'));
}

function readResume(report: Report, t: TableReader): void {
  const raw = t.raw('resume');
  if (raw === undefined || raw === false) return;
  if (!isTable(raw)) {
    t.error(
      'invalid-agent',
      'resume',
      `"resume" is a table { argv = [...] } or false, got ${raw === true ? 'true' : typeName(raw)}`,
    );
    return;
  }
  const r = new TableReader(report, { table: raw, path: t.at('resume') }, RESUME_KEYS);
  const argv = r.stringList('argv', { required: true, nonEmpty: true, nonEmptyItems: true });
  if (argv === undefined) return;
  const at = argv.filter((a) => a === '{session}').length;
  if (at !== 1 || argv[0] === '{session}') {
    r.error(
      'invalid-agent',
      'argv',
      '"{session}" must appear exactly once in resume.argv, as a whole argument and not as the program',
    );
  }
}

/** `[agents.question]`: the shape here; detect's validator checks the two patterns. */
function readQuestionHint(report: Report, t: TableReader): void {
  const raw = t.subtable('question');
  if (raw === undefined) return;
  const q = new TableReader(report, { table: raw, path: t.at('question') }, QUESTION_KEYS);
  q.oneOf('select', SELECT_STYLES);
  q.boolean('confirm');
  q.string('option', { nonEmpty: true });
  q.string('question', { nonEmpty: true });
}

/** Checks every [[agents]] entry; returns the valid ones as contributions. */
export function validateAgents(ctx: SectionContext): AgentContribution[] {
  const { report } = ctx;
  const out: AgentContribution[] = [];
  const ids: { id: string | undefined; path: ManifestPath }[] = [];
  const shaped: { id: string; path: ManifestPath; table: TomlTable }[] = [];
  for (const { table, path } of tableEntries(report, ctx.root, 'agents')) {
    const before = report.errorCount;
    const t = new TableReader(report, { table: table, path: path }, KEYS);
    const id = t.id('id');
    ids.push({ id, path: [...path, 'id'] });
    t.string('label');
    t.boolean('base');
    // An extension cannot override a built-in, so every definition needs its own process match.
    const match = t.subtable('match');
    if (!t.has('match'))
      t.error(
        'missing-field',
        'match',
        'an extension agent needs match = { names = [...] } or { paths = [...] }',
      );
    if (match !== undefined) {
      const m = new TableReader(report, { table: match, path: t.at('match') }, MATCH_KEYS);
      const names = m.stringList('names', { nonEmptyItems: true }) ?? [];
      const paths = m.stringList('paths', { nonEmptyItems: true }) ?? [];
      if (names.length + paths.length === 0)
        t.error('invalid-agent', 'match', 'match needs at least one name or path');
    }
    const states = t.raw('states');
    if (states !== undefined) {
      if (!Array.isArray(states))
        t.error('wrong-type', 'states', `"states" must be an array of tables, got ${typeName(states)}`);
      else
        states.forEach((rule, i) => {
          if (isTable(rule)) readRule(report, rule, [...path, 'states', i]);
          else
            report.error(
              'wrong-type',
              [...path, 'states', i],
              `each state rule is a table, got ${typeName(rule)}`,
            );
        });
    }
    readResume(report, t);
    readQuestionHint(report, t);
    if (report.errorCount === before && id !== undefined) {
      shaped.push({ id, path, table });
      out.push({ id, publicId: publicId(ctx, id), definition: { ...table } });
    }
  }
  reportDuplicates(report, ids, 'agent');
  return withDetectRules(ctx, shaped, out);
}

/** Runs @rozi/detect's validator over the well-shaped entries; its warnings become errors. */
function withDetectRules(
  ctx: SectionContext,
  shaped: { id: string; path: ManifestPath; table: TomlTable }[],
  out: AgentContribution[],
): AgentContribution[] {
  if (shaped.length === 0) return out;
  const { warnings } = validateDefinitionFile({
    source: { kind: 'extension', extension: ctx.extensionId },
    agents: shaped.map((s) => s.table),
  });
  const rejected = new Set<string>();
  for (const w of warnings) {
    const entry = shaped.find((s) => s.id === w.agent);
    ctx.report.error('invalid-agent', entry?.path ?? ['agents'], w.message);
    if (w.agent !== undefined) rejected.add(w.agent);
  }
  return out.filter((a) => !rejected.has(a.id));
}
