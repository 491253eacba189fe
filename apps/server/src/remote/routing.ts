// The seam between this server and its remote hosts, as one tRPC middleware on every procedure
// (api/trpc.ts). A call whose input names something on a remote host — `session: 'dev@box'`,
// `target: 'dev@box:3'`, a remote pane `key`, a remote `sessionInstance`, an agent `ref` pinning a
// remote pane, or `host: 'box'` — is answered by that host over its link (remoteHost.ts), its
// answer translated back; the local resolver never sees it. The list procedures run locally and
// then get every attached host's rows appended, so `list-panes` sees one workspace (the browser's
// workspace.get gets them from the projection, projection/workspaceProjection.ts `remote`).
import { TRPCError } from '@trpc/server';
import { trpcCodeOf } from '../contract/codes';
import type { ApiContext } from '../api/context';
import { LinkCallError } from '../link/linkCallError';
import { RoziError } from '../session/errors';
import type { NotificationInfo, PaneListRow, SessionInfo } from '../session/model';
import type { PaneView } from '../projection/types';
import { isRemoteKey, refPaneKey, splitSessionName, targetSession } from './nameTranslation';
import type { RemoteHost } from './remoteHost';
import type { RemoteHosts } from './remoteHosts';
import { mergedInbox } from '../status/inboxFeed';
import type { InboxView } from '../status/inboxTypes';

/** tRPC's marker of a middleware result (its internals; routing.test.ts fails if it changes). */
const MIDDLEWARE_MARKER = 'middlewareMarker';

interface MiddlewareArgs {
  ctx: ApiContext;
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  getRawInput(): Promise<unknown>;
  signal?: AbortSignal;
  next(): Promise<{ ok: boolean; data?: unknown }>;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The host a session name belongs to, or null for a local name. */
function hostOfName(hosts: RemoteHosts, name: string): RemoteHost | null {
  const split = splitSessionName(name);
  if (!split) return null;
  return hosts.byAlias(split.alias) ?? null;
}

/** Which remote host, if any, the raw input of `path` targets. */
export function routeOf(hosts: RemoteHosts, path: string, raw: unknown): RemoteHost | null {
  if (!isObject(raw)) return null;
  if (typeof raw.host === 'string' && raw.host !== '' && raw.host !== 'local') {
    const host = hosts.ensure(raw.host);
    return host;
  }
  if (isRemoteKey(raw.key)) {
    const host = hosts.byKey(raw.key);
    if (!host) throw new RoziError('not-found', `no pane with key ${raw.key}`);
    return host;
  }
  if (typeof raw.ref === 'string') {
    const key = refPaneKey(raw.ref);
    if (key !== null) {
      const host = hosts.byKey(key);
      if (!host) throw new RoziError('not-found', 'the pane in the --ref is gone');
      return host;
    }
  }
  if (typeof raw.sessionInstance === 'string') {
    const host = hosts.byInstance(raw.sessionInstance);
    if (host) return host;
  }
  for (const name of [
    typeof raw.session === 'string' ? raw.session : null,
    typeof raw.target === 'string' ? targetSession(raw.target) : null,
    path === 'sessions.create' && typeof raw.name === 'string' ? raw.name : null,
  ]) {
    const host = name ? hostOfName(hosts, name) : null;
    if (host) return host;
  }
  if (isObject(raw.pane)) return routeOf(hosts, path, raw.pane);
  return null;
}

/**
 * Procedures that name a host's session but start on this side: deploying sends this client's
 * snapshot of the extension to the host first (extensions/remoteDeploy.ts).
 */
const CLIENT_FIRST = new Set(['extensions.deploy']);

/** Every procedure: forward, merge, or pass through. */
export async function hostRouting(opts: MiddlewareArgs): Promise<unknown> {
  const hosts = opts.ctx.remote;
  let raw = await opts.getRawInput();
  const host = CLIENT_FIRST.has(opts.path) ? null : routeOf(hosts, opts.path, raw);
  if (host) {
    // [environment] forward never crosses to a host (rozi: local display endpoints would be
    // wrong there, and the names may be credentials).
    if (isObject(raw) && 'env' in raw) {
      const { env: _env, ...rest } = raw;
      raw = rest;
    }
    let data: unknown;
    try {
      data =
        opts.type === 'subscription'
          ? host.subscribe(opts.path, raw, opts.signal)
          : await host.call(opts.path, raw);
    } catch (err) {
      throw asTrpcError(err);
    }
    if (opts.path === 'sessions.create')
      hosts.attach(host, isObject(raw) && typeof raw.host === 'string' ? raw.host : undefined);
    return { ok: true, data, marker: MIDDLEWARE_MARKER };
  }
  const merge = MERGES[opts.path];
  if (!merge) return opts.next();
  const result = await opts.next();
  if (!result.ok) return result;
  return { ...result, data: await merge(hosts, result.data, raw) };
}

/** The host's code keeps its HTTP meaning (a remote not-found is a 404 like a local one). */
function asTrpcError(err: unknown): unknown {
  if (!(err instanceof LinkCallError)) return err;
  return new TRPCError({ code: trpcCodeOf(err.code), message: err.message, cause: err });
}

type Merge = (hosts: RemoteHosts, local: unknown, raw: unknown) => Promise<unknown>;

async function remoteWorkspaces(
  hosts: RemoteHosts,
): Promise<Array<{ host: RemoteHost; sessions: SessionInfo[]; panes: PaneView[] }>> {
  return Promise.all(
    hosts
      .registered()
      .filter((h) => hosts.isAttached(h.alias) || h.conn.state === 'connected')
      .map(async (host) => ({ host, ...(await host.workspace()) })),
  );
}

const localPane = (p: PaneListRow): PaneListRow => ({ ...p, host: p.host ?? null });

/** A host's projected pane as a list-panes row: `status` is the terminal's readiness there. */
const listRow = ({ starting, status: _agentStatus, ...p }: PaneView): PaneListRow => ({
  ...p,
  status: p.exited ? 'exited' : starting ? 'starting' : 'running',
});

const MERGES: Record<string, Merge> = {
  'panes.list': async (hosts, local, raw) => {
    const rows = (local as PaneListRow[]).map(localPane);
    if (isObject(raw) && raw.session !== undefined) return rows;
    const remote = await remoteWorkspaces(hosts);
    return [...rows, ...remote.flatMap((r) => r.panes.map(listRow))];
  },
  'sessions.list': async (hosts, local) => {
    const rows: Array<Record<string, unknown>> = (local as Array<Record<string, unknown>>).map((r) => ({
      ...r,
      host: null,
    }));
    const remote = await remoteWorkspaces(hosts);
    for (const r of remote)
      for (const s of r.sessions)
        rows.push({
          name: s.name,
          instanceId: s.instanceId,
          folder: s.folder,
          tabs: s.tabs.length,
          panes: r.panes.filter((p) => p.session === s.name).length,
          activeTabId: s.activeTabId,
          host: r.host.alias,
          state: r.host.conn.state,
        });
    return rows;
  },
  'agents.list': async (hosts, local, raw) => {
    const rows = local as Array<Record<string, unknown>>;
    if (!isObject(raw) || raw.all !== true) return rows.map((r) => ({ ...r, host: null }));
    const remote = await Promise.all(
      hosts
        .registered()
        .filter((h) => h.conn.state === 'connected')
        .map((h) =>
          h
            .call<Array<Record<string, unknown>>>('agents.list', { all: true }, 3000)
            .then((list) => list.map((r) => ({ ...r, host: h.alias })))
            .catch(() => []),
        ),
    );
    return [...rows.map((r) => ({ ...r, host: null })), ...remote.flat()];
  },
  // Agent worktrees on hosts (issue 22): each row says its host, which a finish by id then names.
  'worktrees.list': async (hosts, local) => {
    const remote = await Promise.all(
      hosts
        .registered()
        .filter((h) => h.conn.state === 'connected')
        .map((h) => h.call<Array<Record<string, unknown>>>('worktrees.list', {}, 10_000).catch(() => [])),
    );
    return [
      ...(local as Array<Record<string, unknown>>).map((r) => ({ ...r, host: null })),
      ...remote.flat(),
    ];
  },
  // Blocked agents on hosts (issue 21): answered through their ref/target, which route there.
  'agents.inbox': async (hosts, local) => mergedInbox(local as InboxView, hosts.inboxes()),
  'workspace.notifications': async (hosts, local) => {
    const all = [...(local as NotificationInfo[]), ...hosts.registered().flatMap((h) => h.notifications)];
    return all.sort((a, b) => a.at - b.at).slice(-100);
  },
};
