// [[hooks]]: this edition's sandboxed hooks (DESIGN.md, "Declarative hooks"). A hook names an
// event and a JavaScript module inside the extension that runs in isolated-vm with the declared
// permissions and limits. The sandbox itself lives in src/node/hooks; this is only the manifest.
import { insideExtension } from '../extensionPaths';
import {
  DEFAULT_HOOK_MEMORY_MB,
  DEFAULT_HOOK_TIMEOUT_MS,
  HOOK_EVENTS,
  HOOK_FILTER_STATES,
  HOOK_PERMISSIONS,
  type HookContribution,
  type HookFilterState,
  type HookPermission,
} from '../model';
import { suggestion } from '../didYouMean';
import { TableReader, tableEntries } from '../tableReader';
import { typeName } from '../tomlValue';
import type { SectionContext } from './context';

const KEYS = ['event', 'script', 'filter', 'permissions', 'timeout_ms', 'memory_mb'];
const FILTER_KEYS = ['agent', 'state', 'pane'];
export const HOOK_TIMEOUT_RANGE = { min: 1, max: 1000 } as const;
export const HOOK_MEMORY_RANGE = { min: 8, max: 128 } as const;

/** A string or a list of strings, as a list. */
function stringOrList(t: TableReader, key: string): string[] | undefined {
  if (!t.has(key)) return undefined;
  const raw = t.raw(key);
  if (typeof raw === 'string') return [raw];
  if (!Array.isArray(raw)) {
    t.error('wrong-type', key, `"${key}" must be a string or a list of strings, got ${typeName(raw)}`);
    return undefined;
  }
  return t.stringList(key, { nonEmpty: true, nonEmptyItems: true });
}

function readScript(ctx: SectionContext, t: TableReader): string | undefined {
  const script = t.string('script', { required: true, nonEmpty: true });
  if (script === undefined) return undefined;
  const rel = insideExtension(script);
  if (!script.startsWith('./') || rel === undefined || rel === '') {
    t.error(
      'placed-path',
      'script',
      `"script" must be a ./ path inside the extension, such as "./hooks/on-done.mjs"; got ${JSON.stringify(script.slice(0, 80))}`,
    );
    return undefined;
  }
  if (!/\.(m?js)$/.test(rel)) {
    t.error(
      'invalid-value',
      'script',
      `"script" must be a .js or .mjs module, got ${JSON.stringify(script.slice(0, 80))}`,
    );
    return undefined;
  }
  if (ctx.files !== undefined && !ctx.files.has(rel)) {
    t.error('missing-file', 'script', `the hook module ${script} does not exist in the extension`);
    return undefined;
  }
  return `./${rel}`;
}

export function readHooks(ctx: SectionContext): HookContribution[] {
  const { report } = ctx;
  const out: HookContribution[] = [];
  for (const { table, path } of tableEntries(report, ctx.root, 'hooks')) {
    const before = report.errorCount;
    const t = new TableReader(report, { table: table, path: path }, KEYS);
    const event = t.oneOf('event', HOOK_EVENTS, true);
    const script = readScript(ctx, t);

    let filter: HookContribution['filter'];
    const filterTable = t.subtable('filter');
    if (filterTable !== undefined) {
      const f = new TableReader(report, { table: filterTable, path: t.at('filter') }, FILTER_KEYS);
      const agents = stringOrList(f, 'agent');
      const states = stringOrList(f, 'state');
      states?.forEach((s, i) => {
        if (!(HOOK_FILTER_STATES as readonly string[]).includes(s)) {
          const p = typeof f.raw('state') === 'string' ? f.at('state') : [...f.at('state'), i];
          report.error(
            'invalid-value',
            p,
            `filter state must be one of ${HOOK_FILTER_STATES.join(', ')}, got ${JSON.stringify(s.slice(0, 40))}${suggestion(s, HOOK_FILTER_STATES)}`,
          );
        }
      });
      const pane = f.integer('pane', { min: 0 });
      filter = { agents, states: states as HookFilterState[] | undefined, pane };
    }

    const permissions = t.stringList('permissions') ?? [];
    const granted: HookPermission[] = [];
    permissions.forEach((p, i) => {
      if (!(HOOK_PERMISSIONS as readonly string[]).includes(p)) {
        report.error(
          'invalid-value',
          [...path, 'permissions', i],
          `unknown hook permission ${JSON.stringify(p.slice(0, 40))}: use ${HOOK_PERMISSIONS.join(', ')}${suggestion(p, HOOK_PERMISSIONS)}`,
        );
      } else if (!granted.includes(p as HookPermission)) granted.push(p as HookPermission);
    });
    const timeoutMs = t.integer('timeout_ms', HOOK_TIMEOUT_RANGE) ?? DEFAULT_HOOK_TIMEOUT_MS;
    const memoryMb = t.integer('memory_mb', HOOK_MEMORY_RANGE) ?? DEFAULT_HOOK_MEMORY_MB;
    if (report.errorCount === before && event !== undefined && script !== undefined) {
      out.push({ event, script, filter, permissions: granted, timeoutMs, memoryMb });
    }
  }
  return out;
}
