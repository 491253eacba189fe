// rozi config status: what the running server made of config.toml on its last read (hot reload
// included): ok or broken (the last good definitions kept), every warning with its line, and
// the agent definitions in force. `rozi config check` reads the file offline instead.
import { callServer } from '../../controlClient';
import type { Verb } from '../../verb';
import type { ConfigStatus } from '../../../status/configStatus';

function warningText(w: ConfigStatus['warnings'][number]): string {
  const at = w.file
    ? `${w.file}${w.line ? `:${w.line}` : ''}${w.line && w.column ? `:${w.column}` : ''}: `
    : '';
  return `${at}${w.message} [${w.code}]`;
}

export const configStatusVerb: Verb = {
  path: ['config', 'status'],
  summary:
    "the running server's last config.toml read: ok or broken, warnings with lines, definitions in force",
  async run(ctx) {
    const r = await callServer(ctx.io.env, 'status.config');
    ctx.print(r, () => {
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
      return [
        head,
        ...r.warnings.map((w) => `  ${warningText(w)}`),
        ...notUsed,
        'definitions in force:',
        ...defs,
      ].join('\n');
    });
    return r.state === 'broken' ? 1 : 0;
  },
};
