// `rozi extensions deploy <ID> --session NAME@HOST` (spec 003, "Run a service without a UI", for
// a session on a remote host): this client sends its snapshot of the extension over the host's
// link (digest-checked and stored read-only there, as for placed services), then the host deploys
// those files into its session (host/placedDeploy.ts), where they run with no UI attached and
// outlive this client's link. Undeploy and `extensions status --session NAME@HOST` need nothing
// from here: the routing sends them to the host like any call naming its session.
import { LinkCallError } from '../link/linkCallError';
import { splitSessionName } from '../remote/nameTranslation';
import type { RemoteHosts } from '../remote/remoteHosts';
import type { DeployResult } from './deployments';
import type { ExtensionHost } from './host';
import { ExtensionHostError } from './hostError';
import { platformOk, type RemotePlacement } from './remotePlacement';

const DEPLOY_MS = 60_000;

/** The host's deploy of a `NAME@HOST` session, or null when the session is local. */
export function deployOnHost(
  ctx: { remote: RemoteHosts; placement: RemotePlacement; extensions: ExtensionHost },
  input: { extension: string; session: string },
): Promise<DeployResult> | null {
  const split = splitSessionName(input.session);
  const host = split ? ctx.remote.byAlias(split.alias) : undefined;
  if (!split || !host) return null;
  return (async () => {
    const rt = ctx.extensions.runtime(input.extension);
    if (!rt)
      throw new ExtensionHostError(
        'not-found',
        `extension '${input.extension}' is not loaded (installed and enabled?)`,
      );
    if (!platformOk(rt.manifest, host.info().platform))
      throw new ExtensionHostError(
        'unsupported-platform',
        `${rt.id} runs on ${(rt.manifest.extension.platforms ?? []).join(', ')}; ${host.alias} is ${host.info().platform}`,
      );
    const link = host.conn.link;
    if (!link?.open || host.conn.state !== 'connected')
      throw new ExtensionHostError(
        'runtime-unreachable',
        host.conn.reason ?? `${host.alias} is not connected`,
      );
    const snap = ctx.placement.snapshotOf(rt);
    if ('error' in snap) throw new ExtensionHostError('bundle-failed', snap.error);
    const request = { extension: rt.id, session: split.session, digest: snap.digest };
    for (let attempt = 0; ; attempt++) {
      try {
        await ctx.placement.ensureStored(link, snap);
        const r = await link.rpc.call<DeployResult>('link.ext.deploy', request, DEPLOY_MS);
        return { ...r, session: input.session };
      } catch (err) {
        const code = err instanceof LinkCallError ? err.code : 'spawn-failed';
        const message = err instanceof Error ? err.message : String(err);
        if (code === 'snapshot-missing' && attempt === 0) continue;
        if (code === 'not-found' || code === 'invalid')
          throw new ExtensionHostError(code, `${host.alias}: ${message}`);
        throw new ExtensionHostError(ctx.placement.reasonOf(code, message), `${host.alias}: ${message}`);
      }
    }
  })();
}
