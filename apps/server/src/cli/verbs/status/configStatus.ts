// rozi config status: what the running server made of config.toml on its last read (hot reload
// included): ok or broken (the last good definitions kept), every warning with its line, and
// the agent definitions in force. `rozi config check` reads the file offline instead.
import { callServer } from '../../controlClient';
import { z } from 'zod';
import { defineVerb } from '../../verb';
import type { ConfigServiceView } from '../../../config/configServices';
import type { ConfigStatus } from '../../../status/configStatus';

function warningText(w: ConfigStatus['warnings'][number]): string {
  const at = w.file
    ? `${w.file}${w.line ? `:${w.line}` : ''}${w.line && w.column ? `:${w.column}` : ''}: `
    : '';
  return `${at}${w.message} [${w.code}]`;
}

type ServiceRow = ConfigServiceView;

function serviceLine(s: ServiceRow): string {
  const detail =
    s.state === 'running'
      ? `pid ${s.pid}`
      : s.state === 'backoff'
        ? `restarting in ${Math.round((s.nextStartInMs ?? 0) / 100) / 10} s`
        : (s.reason ?? '');
  const exit = s.exitCode !== null ? `last exit ${s.exitCode}` : s.signal ? `last exit ${s.signal}` : '';
  const parts = [detail, `${s.starts} start${s.starts === 1 ? '' : 's'}`, exit, `log ${s.log}`];
  return `  ${s.name.padEnd(20)} ${s.state.padEnd(8)} ${parts.filter(Boolean).join(', ')}`;
}

export const configStatusVerb = defineVerb({
  flags: z.object({}),
  path: ['config', 'status'],
  summary:
    "the running server's last config.toml read: ok or broken, warnings with lines, [[services]] states, definitions in force",
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'status.config');
    const sv = await callServer(ctx.io.env, 'status.services');
    ctx.print({ ...r, services: sv.services, serviceProblems: sv.problems }, () => {
      const head =
        r.state === 'broken'
          ? `${r.file ?? 'config.toml'}: broken, the last good agent definitions stay in force`
          : `${r.file ?? 'config.toml'}: ok${r.warnings.length ? ` (${r.warnings.length} warning${r.warnings.length === 1 ? '' : 's'})` : ''}`;
      const defs = r.definitions.map(
        (d) =>
          `  ${d.id.padEnd(20)} ${d.source}${d.extension ? ` (${d.extension})` : ''}${d.resume ? ', native resume' : ''}`,
      );
      const notUsed = r.notUsed.length
        ? [
            `not used in the web edition (${r.notUsed.length}):`,
            ...r.notUsed.map((n) => `  ${n.line ? `line ${n.line}: ` : ''}${n.message}`),
          ]
        : [];
      const services = sv.services.length
        ? [`services (${sv.services.length}):`, ...sv.services.map(serviceLine)]
        : [];
      return [
        head,
        ...r.warnings.map((w) => `  ${warningText(w)}`),
        ...sv.problems.map((p) => `  ${p} [bad-entry]`),
        ...services,
        ...notUsed,
        'definitions in force:',
        ...defs,
      ].join('\n');
    });
    return r.state === 'broken' ? 1 : 0;
  },
});
