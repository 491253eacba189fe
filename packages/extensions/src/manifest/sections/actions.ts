// [[actions]]: operations other programs call with `rozi invoke`, JSON in and JSON out, always
// run in the session they are deployed to (so always placed: program rules of a snapshot apply).
import type { Report } from '../diagnostics';
import { checkPlacedProgram } from '../extensionPaths';
import { checkJsonSchema } from '../jsonSchemaCheck';
import { type ActionContribution, DEFAULT_ACTION_DEADLINE_MS, MAX_ACTION_DEADLINE_MS } from '../model';
import { readExec } from '../processRun';
import { reportDuplicates, TableReader, tableEntries } from '../tableReader';
import { toJson, typeName } from '../tomlValue';
import { publicId, type SectionContext } from './context';

const KEYS = [
  'id',
  'title',
  'exec',
  'args_schema',
  'result_schema',
  'deadline_ms',
  'concurrency',
  'placement',
];
const CONCURRENCY = ['parallel', 'singleton'] as const;

function readSchema(report: Report, t: TableReader, key: string): { ok: boolean; schema: unknown } {
  if (!t.has(key)) {
    t.error('missing-field', key, `"${key}" is required; use ${key} = {} to accept anything`);
    return { ok: false, schema: undefined };
  }
  const raw = t.raw(key);
  if (typeof raw !== 'boolean' && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) {
    t.error(
      'wrong-type',
      key,
      `"${key}" must be a JSON Schema table such as { type = "object" }, got ${typeName(raw)}`,
    );
    return { ok: false, schema: undefined };
  }
  const schema = toJson(raw);
  const problem = checkJsonSchema(schema);
  if (problem) {
    report.error(problem.code, t.at(key), `"${key}": ${problem.message}`);
    return { ok: false, schema };
  }
  return { ok: true, schema };
}

export function readActions(ctx: SectionContext): ActionContribution[] {
  const { report } = ctx;
  const out: ActionContribution[] = [];
  const ids: { id: string | undefined; path: (string | number)[] }[] = [];
  for (const { table, path } of tableEntries(report, ctx.root, 'actions')) {
    const before = report.errorCount;
    const t = new TableReader(report, { table: table, path: path }, KEYS);
    const id = t.id('id');
    ids.push({ id, path: [...path, 'id'] });
    const title = t.string('title', { required: true });
    if (!t.has('exec'))
      t.error(
        'missing-field',
        'exec',
        '"exec" is required: a program on the host\'s PATH or a ./ path inside the extension',
      );
    const argv = readExec(t);
    if (argv !== undefined)
      checkPlacedProgram(report, [...path, 'exec', 0], { program: argv[0] as string, where: 'an action' });
    const args = readSchema(report, t, 'args_schema');
    const result = readSchema(report, t, 'result_schema');
    const deadlineMs =
      t.integer('deadline_ms', { min: 1, max: MAX_ACTION_DEADLINE_MS }) ?? DEFAULT_ACTION_DEADLINE_MS;
    const concurrency = t.oneOf('concurrency', CONCURRENCY) ?? 'parallel';
    if (t.has('placement')) {
      const raw = t.raw('placement');
      if (raw !== 'session')
        t.error(
          'placement-not-allowed',
          'placement',
          `an action runs in the session it is deployed to: placement can only be "session", got ${JSON.stringify(typeof raw === 'string' ? raw.slice(0, 40) : typeName(raw))}`,
        );
    }
    if (
      report.errorCount === before &&
      id !== undefined &&
      title !== undefined &&
      argv !== undefined &&
      args.ok &&
      result.ok
    ) {
      out.push({
        id,
        publicId: publicId(ctx, id),
        title,
        argv,
        argsSchema: args.schema,
        resultSchema: result.schema,
        deadlineMs,
        concurrency,
        placement: 'session',
      });
    }
  }
  reportDuplicates(report, ids, 'action');
  return out;
}
