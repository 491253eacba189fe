// rozi remote hosts | connect HOST | detach HOST: the remote hosts this server knows, and attaching
// or forgetting one (a detached host keeps its sessions; connect shows them again).
import { callServer } from '../../controlClient';
import type { OutputOf } from '../../procedureTypes';
import { formatTable } from '../../table';
import { z } from 'zod';
import { CliError, defineVerb, type Verb } from '../../verb';

export const remoteHostsVerb = defineVerb({
  flags: z.object({}),
  path: ['remote', 'hosts'],
  summary: 'list remote hosts: configured, ~/.ssh/config aliases, attached (with state and reason)',
  async run(ctx) {
    const rows = await callServer(ctx.io.env, 'hosts.list');
    ctx.print(rows, () =>
      formatTable(
        ['HOST', 'FROM', 'STATE', 'SESSIONS', 'ROZI', 'REASON'],
        rows.map((h) => [h.alias, h.source, h.state, h.sessions, h.version ?? '-', h.reason ?? '']),
      ),
    );
    return 0;
  },
});

type HostCall = 'hosts.connect' | 'hosts.detach' | 'hosts.install';

function done(alias: string, r: OutputOf<HostCall>): string {
  if (!('digest' in r))
    return 'version' in r
      ? `connected to ${alias} (rozi ${String(r.version)})`
      : `detached ${alias}; its sessions keep running there`;
  const digest = String(r.digest).slice(0, 12);
  return r.copied
    ? `installed rozi ${digest} on ${alias} (${(Number(r.bytes) / 1e6).toFixed(1)} MB, checked by sha256) and connected`
    : `${alias} already has rozi ${digest}; connected`;
}

function hostVerb(word: 'connect' | 'detach' | 'install', summary: string, procedure: HostCall): Verb {
  return defineVerb({
    path: ['remote', word],
    flags: z.object({}),
    summary,
    positionals: [{ name: 'host', required: true }],
    async run(ctx) {
      const alias = ctx.args.positionals[0];
      if (!alias) throw new CliError('usage', `'remote ${word}' needs a HOST`);
      const r = await callServer(ctx.io.env, procedure, { alias });
      ctx.print(r, () => done(alias, r));
      return 0;
    },
  });
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
