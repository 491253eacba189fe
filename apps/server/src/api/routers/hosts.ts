// hosts.*: the remote hosts this server knows (remote/remoteHosts.ts): list them with their
// connection state, connect one (showing its sessions), detach one (it keeps its sessions), and
// install rozi on one. Sessions and panes on a host are reached through the ordinary procedures
// with `name@host` names (remote/routing.ts).
import { z } from 'zod';
import { LinkCallError } from '../../link/linkCallError';
import type { LinkFailure } from '../../remote/linkFailure';
import { RoziError } from '../../session/errors';
import { procedure, router } from '../trpc';

const hostArg = z.object({ alias: z.string().min(1).max(300) });

export const hostsRouter = router({
  list: procedure.query(({ ctx }) => ctx.remote.list()),

  /** Connects (waiting for the link or its failure) and keeps the host attached across restarts. */
  connect: procedure.input(hostArg).mutation(async ({ ctx, input }) => {
    const hosts = ctx.remote;
    const host = hosts.ensure(input.alias);
    try {
      await host.conn.connect();
    } catch (failure) {
      throw new LinkCallError('host-unreachable', (failure as LinkFailure).message);
    }
    hosts.attach(host, input.alias);
    await host.workspace();
    return host.info();
  }),

  /** The link as it is now: its ssh process (tests and benchmarks drop it), since when it is up. */
  link: procedure.input(hostArg).query(({ ctx, input }) => {
    const hosts = ctx.remote;
    const host = hosts.registered().find((h) => h.alias === input.alias);
    if (!host) throw new RoziError('not-found', `no host '${input.alias}' is attached`);
    return {
      ...host.info(),
      pid: host.conn.link?.open ? host.conn.link.pid : null,
      connectedAt: host.conn.connectedAt,
    };
  }),

  /**
   * Copies this rozi's self-contained build there (checked by digest; skipped when the host has
   * it), then connects and attaches the host.
   */
  install: procedure.input(hostArg).mutation(async ({ ctx, input }) => {
    const hosts = ctx.remote;
    const host = hosts.ensure(input.alias);
    let installed;
    try {
      installed = await hosts.install(host);
    } catch (err) {
      if (err instanceof RoziError) throw err;
      throw new LinkCallError('install-failed', err instanceof Error ? err.message : String(err));
    }
    try {
      await host.conn.connect();
    } catch (failure) {
      throw new LinkCallError('host-unreachable', (failure as LinkFailure).message);
    }
    hosts.attach(host, input.alias);
    return { ...installed, version: host.info().version };
  }),

  /** Stops showing the host here; its sessions keep running there. */
  detach: procedure.input(hostArg).mutation(({ ctx, input }) => {
    const hosts = ctx.remote;
    const alias = hosts.resolve(input.alias).alias;
    hosts.detach(alias);
    return { alias, detached: true };
  }),
});
