// What every procedure receives: the caller (checked in each procedure, see trpc.ts) and the
// server's subsystems, built once by the composition root (server/start.ts) and handed to every
// transport that runs procedures (HTTP, the control socket, host links). Its own file so code the
// middleware calls (remote/routing.ts) can name it without importing the tRPC setup that imports it.
import type { EditorState } from '../agentsEditor/editorState';
import type { ConfigServices } from '../config/configServices';
import type { ExtensionHost } from '../extensions/host';
import type { FileService } from '../files/fileService';
import type { HookService } from '../hooks/hookService';
import type { WorkspaceProjection } from '../projection/workspaceProjection';
import type { ProfileService } from '../profiles/profileService';
import type { RemoteHosts } from '../remote/remoteHosts';
import type { RemotePlacement } from '../extensions/remotePlacement';
import type { SessionManager } from '../session/manager';
import type { StatusService } from '../status/statusService';
import type { SessionClients } from '../stream/sessionClients';
import type { ConnectionStats } from '../stream/wsHub';
import type { WorktreeService } from '../worktrees/worktreeService';

/** Who is calling: a browser with the session cookie, an HTTP client with the bearer token, or the CLI on the 0600 control socket. */
/** `readOnly`: a read-only link's viewer (http/gate.ts); api/readOnlyAccess.ts says what it may call. */
export type Caller =
  { ok: true; via: 'cookie' | 'bearer' | 'socket'; readOnly?: boolean } | { ok: false; reason: string };

/** Process-level figures for tests and benchmarks (never secrets). */
export interface Diagnostics {
  memory: NodeJS.MemoryUsage;
  connections: ConnectionStats[];
  panes: number;
}

/** The server's subsystems as procedures see them: one object per server, the same for every caller. */
export interface ServerServices {
  manager: SessionManager;
  extensions: ExtensionHost;
  hooks: HookService;
  status: StatusService;
  projection: WorkspaceProjection;
  remote: RemoteHosts;
  /** Extension services placed on remote hosts (spec 003). */
  placement: RemotePlacement;
  /** The agent editor's paths and save history. */
  editor: EditorState;
  /** Agent worktrees: creation, status, checkpoints, diffs, finishing. */
  worktrees: WorktreeService;
  /** config.toml's [[services]], supervised. */
  services: ConfigServices;
  profiles: ProfileService;
  /** The Files and Git sidebar tabs: listings, git state, opening a file, watches. */
  files: FileService;
  /** Which page shows which session and who controls each (stream/sessionClients.ts). */
  clients: SessionClients;
  /** The page's address for a read-only viewer of `session`, or null (no web port). */
  readOnlyUrl(session: string | null): string | null;
  diagnostics(): Diagnostics;
}

export interface ApiContext extends ServerServices {
  caller: Caller;
  /** The page a browser's call comes from (its `x-rozi-client` header; api/followerAccess.ts). */
  page?: string;
}
