// rozi remote hosts | connect HOST | detach HOST: the remote hosts this server knows, and attaching
// or forgetting one (a detached host keeps its sessions; connect shows them again).
import { callServer } from '../../controlClient';
import { formatTable } from '../../table';
import { CliError, type Verb } from '../../verb';
import type { HostInfo } from '../../../session/model';

export const remoteHostsVerb: Verb = {
  path: ['remote', 'hosts'],
  summary: 'list remote hosts: configured, ~/.ssh/config aliases, attached (with state and reason)',
  async run(ctx) {
    const rows = await callServer<HostInfo[]>(ctx.io.env, 'hosts.list');
    ctx.print(rows, () =>
      formatTable(
        ['HOST', 'FROM', 'STATE', 'SESSIONS', 'ROZI', 'REASON'],
        rows.map((h) => [h.alias, h.source, h.state, h.sessions, h.version ?? '-', h.reason ?? '']),
      ),
    );
    return 0;
  },
};

function done(word: 'connect' | 'detach' | 'install', alias: string, r: Record<string, unknown>): string {
  if (word === 'connect') return `connected to ${alias} (rozi ${String(r.version)})`;
  if (word === 'detach') return `detached ${alias}; its sessions keep running there`;
  const digest = String(r.digest).slice(0, 12);
  return r.copied
    ? `installed rozi ${digest} on ${alias} (${(Number(r.bytes) / 1e6).toFixed(1)} MB, checked by sha256) and connected`
    : `${alias} already has rozi ${digest}; connected`;
}

function hostVerb(word: 'connect' | 'detach' | 'install', summary: string, procedure: string): Verb {
  return {
    path: ['remote', word],
    summary,
    positionals: [{ name: 'host', required: true }],
    async run(ctx) {
      const alias = ctx.args.positionals[0];
      if (!alias) throw new CliError('usage', `'remote ${word}' needs a HOST`, 2);
      const r = await callServer<Record<string, unknown>>(ctx.io.env, procedure, { alias });
      ctx.print(r, () => done(word, alias, r));
      return 0;
    },
  };
}

export const remoteConnectVerb = hostVerb(
  'connect',
  'connect a remote host and show its sessions (kept across restarts)',
  'hosts.connect',
);
export const remoteDetachVerb = hostVerb(
  'detach',
  'stop showing a remote host here; its sessions keep running there',
  'hosts.detach',
);
export const remoteInstallVerb = hostVerb(
  'install',
  'copy this rozi to a remote host (a self-contained build, checked by digest) and connect it',
  'hosts.install',
);
