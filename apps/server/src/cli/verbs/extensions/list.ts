// rozi extensions list [--verbose] [--json]: installed extensions with state and source; verbose
// adds commands (with resolved argv), services and their state, settings and every key
// suggestion's state. From the running server when there is one, else from the files.
import { z } from 'zod';
import { flag } from '../../flags';
import { resolvePaths } from '../../../config/paths';
import { callServer } from '../../controlClient';
import { formatTable } from '../../table';
import { CliError, defineVerb } from '../../verb';
import { extensionDirs } from './extensionCall';

interface Listed {
  id: string;
  state: string;
  problem: string | null;
  version: string | null;
  title?: string | null;
  source: { kind: string; url?: string; path?: string; ref?: string | null };
  commit: string | null;
  managed?: boolean;
  disabled_by?: 'config' | 'registry' | null;
  generation?: string | null;
  min_rozi?: string | null;
  platforms?: string[] | null;
  homepage?: string | null;
  commands?: {
    id: string;
    label: string;
    hidden: boolean;
    run: string;
    argv: string[] | null;
    key: string | null;
  }[];
  services?: {
    id: string;
    restart: string;
    status: { state: string; pid?: number; starts: number; reason?: string } | null;
  }[];
  settings?: Record<string, unknown>;
  settings_problems?: string[];
  keys?: { action: string; chord: string; state: string; reason: string | null }[];
}

async function fromServer(env: NodeJS.ProcessEnv): Promise<Listed[] | undefined> {
  try {
    return await callServer(env, 'extensions.list');
  } catch (err) {
    if (err instanceof CliError && err.code === 'no-server') return undefined;
    throw err;
  }
}

function sourceText(s: Listed['source']): string {
  return s.kind === 'git' ? `${s.url}${s.ref ? `@${s.ref}` : ''}` : `${s.kind}:${s.path}`;
}

/** `disabled (config.toml)` when rozi's `[extensions] disabled` is why. */
function stateText(e: Listed): string {
  return e.disabled_by === 'config' ? `${e.state} (config.toml)` : e.state;
}

function verboseText(e: Listed): string {
  const lines = [
    `${e.id} ${e.version ?? ''} [${stateText(e)}]${e.problem ? ` ${e.problem}` : ''}`,
    `  source: ${sourceText(e.source)}${e.commit ? ` @ ${e.commit}` : ''}`,
  ];
  if (e.generation) lines.push(`  generation: ${e.generation}`);
  if (e.min_rozi) lines.push(`  min_rozi: ${e.min_rozi}`);
  if (e.platforms) lines.push(`  platforms: ${e.platforms.join(', ')}`);
  if (e.homepage) lines.push(`  homepage: ${e.homepage}`);
  for (const c of e.commands ?? [])
    lines.push(
      `  command ${c.id} "${c.label}"${c.hidden ? ' (hidden)' : ''}${c.argv ? ` argv=${JSON.stringify(c.argv)}` : ` (${c.run})`}`,
    );
  for (const s of e.services ?? [])
    lines.push(
      `  service ${s.id} restart=${s.restart} ${s.status ? `${s.status.state}${s.status.pid ? ` pid=${s.status.pid}` : ''} starts=${s.status.starts}${s.status.reason ? ` (${s.status.reason})` : ''}` : ''}`,
    );
  if (e.settings && Object.keys(e.settings).length > 0)
    lines.push(`  settings: ${JSON.stringify(e.settings)}`);
  for (const p of e.settings_problems ?? []) lines.push(`  settings warning: ${p}`);
  for (const k of e.keys ?? [])
    lines.push(`  key ${k.chord} → ${k.action}: ${k.state}${k.reason ? ` (${k.reason})` : ''}`);
  return lines.join('\n');
}

export const extensionsListVerb = defineVerb({
  path: ['extensions', 'list'],
  summary: 'list installed extensions',
  flags: z.object({
    verbose: flag.boolean({ short: 'v', description: 'commands, services, settings and key suggestions' }),
    json: flag.boolean({ description: 'same as --format json' }),
  }),
  async run(ctx) {
    // Loaded on use: the runtime is heavy and most `rozi` commands never need it.
    const { loadInstalled } = await import('@rozi/extensions/node');
    const { readHostConfig } = await import('../../../extensions/hostConfig');
    let rows = await fromServer(ctx.io.env);
    if (!rows) {
      const disabled = readHostConfig(resolvePaths(ctx.io.env).configFile).disabled;
      rows = loadInstalled(extensionDirs(ctx.io.env).extensionsDir, { disabled }).extensions.map((l) => ({
        id: l.entry.id,
        state: l.state,
        managed: l.entry.source.kind !== 'unmanaged',
        disabled_by: l.disabledByConfig
          ? ('config' as const)
          : l.state === 'disabled'
            ? ('registry' as const)
            : null,
        problem: l.problem ?? null,
        version: l.check?.manifest?.extension.version ?? null,
        source: l.entry.source,
        commit: l.entry.commit,
        commands: (l.check?.manifest?.commands ?? []).map((c) => ({
          id: c.publicId,
          label: c.label,
          hidden: c.hidden,
          run: c.run.kind,
          argv: null,
          key: c.key ?? null,
        })),
        settings: l.check?.settings ?? {},
      }));
    }
    if (ctx.opts.json === true || ctx.format === 'json') {
      ctx.io.stdout.write(JSON.stringify(rows) + '\n');
      return 0;
    }
    const list = rows;
    ctx.print(
      list,
      () =>
        (ctx.opts.verbose
          ? list.map(verboseText).join('\n\n')
          : formatTable(
              ['ID', 'VERSION', 'STATE', 'SOURCE', 'PROBLEM'],
              list.map((e) => [e.id, e.version, stateText(e), sourceText(e.source), e.problem]),
            )) || 'no extensions installed',
    );
    return 0;
  },
});
