// A host's copy of its workspace when the answer to `workspace.get` and the host's next delta come
// in one chunk from the link (a loaded 2-core box): the link handles the delta before the
// answer's promise continues, so an old answer must neither erase the newer delta nor leave the
// copy behind a delta it could not apply. Before, a session created on a host right after its
// link came up stayed missing here (and placement never placed anything there) until the host's
// next change.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventBus } from '../events/bus';
import type { LinkMessage } from '../link/linkProtocol';
import type { SessionInfo } from '../session/model';
import { HostLink, type OpenLinkOptions } from './hostLink';
import { RemoteHost } from './remoteHost';
import { DEFAULT_REMOTE } from './remoteSettings';

interface View {
  revision: number;
  sessions: SessionInfo[];
}

function session(name: string): SessionInfo {
  return { name, instanceId: `i-${name}`, folder: null, tabs: [], activeTabId: 't1' as never };
}

/** A stand-in link: `workspace.get` answers are handed out by the test. */
function standIn() {
  const asked: Array<(v: View) => void> = [];
  let handlers: OpenLinkOptions['handlers'] | undefined;
  const link = {
    open: true,
    hello: { protocol: 1, min: 1, version: 'test', platform: 'linux', arch: 'x64' },
    rpc: {
      call: (path: string) =>
        path === 'workspace.get'
          ? new Promise((resolve) => asked.push((v) => resolve({ ...v, panes: [] })))
          : new Promise<never>(() => undefined),
    },
    send: () => undefined,
    close: () => undefined,
  };
  vi.spyOn(HostLink, 'open').mockImplementation((o) => {
    handlers = o.handlers;
    return Promise.resolve(link as unknown as HostLink);
  });
  return {
    asked,
    /** The host's event, handled synchronously as the link's decoder does. */
    event(delta: { revision: number; sessions: SessionInfo[] }) {
      handlers!.message({ t: 'event', event: { type: 'workspace-delta', delta } } as LinkMessage);
    },
  };
}

function host(): RemoteHost {
  const target = {
    alias: 'box2',
    destination: 'box2',
    user: null,
    port: null,
    identityFile: null,
    sshArgs: [],
    binaryPath: null,
    source: 'config' as const,
  };
  let key = 100;
  return new RemoteHost({
    target,
    ssh: () => ({
      settings: { ...DEFAULT_REMOTE, hosts: new Map(), warnings: [] },
      home: '/nonexistent',
      controlDir: '/nonexistent',
    }),
    bus: new EventBus(),
    ringBytes: 1024,
    allocKey: () => ++key,
    claimKey: () => undefined,
    allocNotificationId: () => 1,
    installHint: () => '',
    log: () => undefined,
    attached: () => true,
    changed: () => undefined,
  });
}

const made: RemoteHost[] = [];
afterEach(() => {
  for (const h of made.splice(0)) h.dispose();
  vi.restoreAllMocks();
});

async function linked() {
  const link = standIn();
  const h = host();
  made.push(h);
  await h.conn.connect();
  await vi.waitFor(() => expect(link.asked).toHaveLength(1));
  return { h, link };
}

const names = (h: RemoteHost) => h.rows().sessions.map((s) => s.name);

describe('a host copy racing workspace.get against its deltas', () => {
  it('asks again when a delta came before the first answer it follows', async () => {
    const { h, link } = await linked();
    // One chunk: the view from before `dev` was created, then the delta that creates it.
    link.asked[0]!({ revision: 7, sessions: [] });
    link.event({ revision: 8, sessions: [session('dev')] });
    await vi.waitFor(() => expect(link.asked).toHaveLength(2));
    link.asked[1]!({ revision: 8, sessions: [session('dev')] });
    await vi.waitFor(() => expect(names(h)).toEqual(['dev@box2']));
  });

  it('keeps a delta it applied over an older answer that arrived with it', async () => {
    const { h, link } = await linked();
    link.asked[0]!({ revision: 3, sessions: [] });
    await vi.waitFor(() => expect(h.rows().sessions).toBeDefined());
    await new Promise((r) => setImmediate(r));
    // A listing asks for a fresh view; its answer (still revision 3) lands with delta 4.
    const listing = h.workspace();
    await vi.waitFor(() => expect(link.asked).toHaveLength(2));
    link.asked[1]!({ revision: 3, sessions: [] });
    link.event({ revision: 4, sessions: [session('dev')] });
    await listing;
    expect(names(h)).toEqual(['dev@box2']);
    // The next delta still follows the copy (no fetch needed).
    link.event({ revision: 5, sessions: [session('dev'), session('ops')] });
    expect(names(h)).toEqual(['dev@box2', 'ops@box2']);
    expect(link.asked).toHaveLength(2);
  });

  it('fetches once after a gap when no fetch is in flight', async () => {
    const { h, link } = await linked();
    link.asked[0]!({ revision: 3, sessions: [] });
    await new Promise((r) => setImmediate(r));
    link.event({ revision: 9, sessions: [session('dev')] });
    await vi.waitFor(() => expect(link.asked).toHaveLength(2));
    link.asked[1]!({ revision: 9, sessions: [session('dev')] });
    await vi.waitFor(() => expect(names(h)).toEqual(['dev@box2']));
    await new Promise((r) => setImmediate(r));
    expect(link.asked).toHaveLength(2);
  });
});
