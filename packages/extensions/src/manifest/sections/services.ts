// [[services]]: long-running programs rozi supervises, on the client or placed on session hosts.
import { checkPlacedCwd, checkPlacedProgram } from '../extensionPaths';
import type { Placement, ProcessRun, ServiceContribution } from '../model';
import { readRun } from '../processRun';
import { reportDuplicates, TableReader, tableEntries } from '../tableReader';
import { typeName } from '../tomlValue';
import { publicId, type SectionContext } from './context';

const KEYS = ['name', 'exec', 'shell', 'cwd', 'restart', 'env', 'placement', 'session_scope'];
export const SERVICE_PLACEMENTS = [
  'client',
  'active-session',
  'each-host',
  'each-session',
  'session',
] as const;
const RESTARTS = ['on-failure', 'always', 'never'] as const;
const SESSION_SCOPES = ['active', 'attached'] as const;
/** Set by the runtime for a placed process; a service's env value would be replaced. */
const RUNTIME_REPLACED = ['ROZI_BIN', 'ROZI_SOCKET'];
const ENV_NAME = /^[^=\0]+$/;

function readEnv(t: TableReader, placed: boolean): Record<string, string> | undefined {
  const table = t.subtable('env');
  if (table === undefined) return t.has('env') ? undefined : {};
  const env: Record<string, string> = {};
  let ok = true;
  for (const name of Object.keys(table)) {
    const path = [...t.at('env'), name];
    const value = table[name];
    if (typeof value !== 'string') {
      t.report.error('wrong-type', path, `env values must be strings; ${name} is ${typeName(value)}`);
      ok = false;
    } else if (!ENV_NAME.test(name)) {
      t.report.error('invalid-value', path, `"${name}" is not a valid environment variable name`);
      ok = false;
    } else if (name.startsWith('ROZI_EXTENSION') || name === 'ROZI_TERMINAL') {
      t.report.error(
        'reserved-env',
        path,
        `a service's env cannot set ${name}: rozi sets the ROZI_EXTENSION* variables, and ROZI_TERMINAL belongs to pane processes`,
      );
      ok = false;
    } else {
      if (placed && RUNTIME_REPLACED.includes(name)) {
        t.report.hint(
          'runtime-env',
          path,
          `${name} is replaced by the host's runtime for a placed service; this value is ignored`,
        );
      }
      Object.defineProperty(env, name, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return ok ? env : undefined;
}

export function readServices(ctx: SectionContext): ServiceContribution[] {
  const { report } = ctx;
  const out: ServiceContribution[] = [];
  const names: { id: string | undefined; path: (string | number)[] }[] = [];
  for (const { table, path } of tableEntries(report, ctx.root, 'services')) {
    const before = report.errorCount;
    const t = new TableReader(report, { table: table, path: path }, KEYS);
    const name = t.id('name');
    names.push({ id: name, path: [...path, 'name'] });
    const placement: Placement = t.oneOf('placement', SERVICE_PLACEMENTS) ?? 'client';
    const placed = placement !== 'client';
    const { run } = readRun(t, { allowSend: false });
    if (run?.kind === 'exec' && placed)
      checkPlacedProgram(report, [...path, 'exec', 0], {
        program: run.argv[0] as string,
        where: `a service placed on ${placement}`,
      });
    const cwd = t.string('cwd', { nonEmpty: true });
    if (cwd !== undefined && placed) checkPlacedCwd(report, t.at('cwd'), cwd);
    const restart = t.oneOf('restart', RESTARTS) ?? 'on-failure';
    const env = readEnv(t, placed);
    const sessionScope = t.oneOf('session_scope', SESSION_SCOPES) ?? 'active';
    if (sessionScope === 'attached' && placement !== 'each-host' && placement !== 'each-session') {
      t.error(
        'session-scope-placement',
        'session_scope',
        `session_scope = "attached" needs placement "each-host" or "each-session", not "${placement}"`,
      );
    }
    if (report.errorCount === before && name !== undefined && run !== undefined && env !== undefined) {
      out.push({
        name,
        publicId: publicId(ctx, name),
        run: run as ProcessRun,
        cwd,
        restart,
        env,
        placement,
        sessionScope,
      });
    }
  }
  reportDuplicates(report, names, 'service');
  return out;
}
