// `rozi server`: wires the subsystems together in order and owns their shutdown.
//   paths + token → Next (unless --no-web) → HTTP listen (port errors before any shell starts)
//   → sessions from the snapshot (or a fresh `main`) → control socket → print the URL.
// SIGINT/SIGTERM: final snapshot (while /proc still shows every cwd), end children, exit 0.
import { mkdirSync, unlinkSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createEditorState } from '../agentsEditor/editorState';
import type { ServerServices } from '../api/context';
import { ConfigServices } from '../config/configServices';
import { configStore } from '../config/configStore';
import { layoutSettingsReader } from '../session/layoutConfig';
import { resolvePaths } from '../config/paths';
import { listenControlSocket } from '../control/socketServer';
import { EventBus } from '../events/bus';
import { ExtensionHost } from '../extensions/host';
import { HookService } from '../hooks/hookService';
import { viewerTokenOf, type GateConfig } from '../http/gate';
import { loadNext, type NextHandlers } from '../http/nextApp';
import { createHttpServer } from '../http/server';
import { loadOrCreateToken } from '../http/token';
import { startPersistence } from '../persist/sessionPersistence';
import { childLedger } from '@rozi/extensions/node';
import { claimLedger, endLeftoverChildren, releaseLedger } from '../proc/leftoverChildren';
import { createProcReader, procProcessTable } from '../proc/processTable';
import { loadDefinitionsFromDisk } from '../detection/loadDefinitions';
import { WorkspaceProjection } from '../projection/workspaceProjection';
import { StatusService } from '../status/statusService';
import { nodePtyBackend } from '../pty/nodePtyBackend';
import { RoziError } from '../session/errors';
import { exitNoticeReader } from '../session/exitNotices';
import { SessionManager } from '../session/manager';
import { ProfileService } from '../profiles/profileService';
import { paneDefaultsOf } from '../session/paneDefaults';
import { installShellIntegration } from '../shellIntegration/install';
import { shellIntegrationOn } from '../shellIntegration/mode';
import { StreamHub } from '../stream/wsHub';
import { LinkServer } from '../host/linkServer';
import { callProcedure } from '../control/procedureCall';
import type { LinkServe } from '../link/linkRpc';
import { placementProcedures } from '../host/placedRuntime';
import { restoredSnapshotFiles } from '../host/placedDeploy';
import { placedCommands } from '../extensions/remoteCommands';
import { RemotePlacement } from '../extensions/remotePlacement';
import { splitSessionName } from '../remote/nameTranslation';
import { RemoteHosts } from '../remote/remoteHosts';
import { WorktreeService } from '../worktrees/worktreeService';
import { FileService } from '../files/fileService';
import { DEFAULT_RING_BYTES } from './defaults';
import { runShutdown } from './shutdown';
import { serveAdoption } from '../host/stdioAdoption';
import { localGatedSockets } from '../extensions/localPlacedGate';
import type { StartupInfo } from './startupBlock';

export interface ServerOptions {
  port: number;
  host: string;
  allowRemote: boolean;
  dev: boolean;
  /** Serve no web UI (tests, headless use): /trpc, /ws and the control socket only. */
  web: boolean;
  /**
   * A host endpoint (`rozi server --headless`, started by `rozi host serve --stdio`): no HTTP
   * port at all, only the control socket, which also takes host links (host/linkServer.ts).
   */
  headless?: boolean;
  scrollback: number;
  env: NodeJS.ProcessEnv;
  /** Where the startup block ending in the URL goes (stdout); see startupBlock.ts. */
  announce(info: StartupInfo): void;
  /** Log lines (stderr). Never given the token. */
  log(line: string): void;
}

export class ServerStartError extends Error {
  constructor(
    readonly code:
      'port-in-use' | 'port-denied' | 'host-refused' | 'socket-failed' | 'listen-failed' | 'web-not-built',
    message: string,
  ) {
    super(message);
  }
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export const roziBin = fileURLToPath(new URL('../../bin/rozi.mjs', import.meta.url));
const webDir = fileURLToPath(new URL('../../../web', import.meta.url));

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE')
        reject(
          new ServerStartError(
            'port-in-use',
            `port ${port} is already in use on ${host}: choose another with --port N (--port 0 picks a free one)`,
          ),
        );
      else if (err.code === 'EACCES')
        reject(
          new ServerStartError(
            'port-denied',
            `not allowed to listen on port ${port}: choose a port above 1023 with --port N`,
          ),
        );
      else reject(new ServerStartError('listen-failed', `cannot listen on ${host}:${port}: ${err.message}`));
    });
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

function closeControl(control: { close(): void }, socket: string): void {
  control.close();
  try {
    unlinkSync(socket);
  } catch {
    // Already removed by close().
  }
}

/** Starts everything; resolves when the server has shut down (exit code 0). */
export async function runServer(o: ServerOptions): Promise<number> {
  // The stop signals are taken from the first moment: one that arrives while the server is still
  // starting (a test or a supervisor that stops it at once) waits for the start, then stops it
  // cleanly, instead of meeting the default action and killing it with no snapshot.
  let stopOn: (signal: string) => void = (signal) => (early ??= signal);
  let early: string | undefined;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => stopOn(signal));
  if (!isLoopback(o.host) && !o.allowRemote) {
    throw new ServerStartError(
      'host-refused',
      `refusing to listen on ${o.host}: anyone who reaches it could run commands as you. Add --allow-remote if you mean it`,
    );
  }
  if (!isLoopback(o.host)) {
    o.log(
      `warning: listening on ${o.host} (--allow-remote): every machine that can reach this address can try the token, and traffic is unencrypted plain HTTP — use an SSH tunnel or a TLS proxy instead when you can`,
    );
  }
  const paths = resolvePaths(o.env);
  mkdirSync(paths.stateDir, { recursive: true, mode: 0o700 });
  const token = loadOrCreateToken(paths.tokenFile);

  let next: NextHandlers | null = null;
  if (o.web && !o.headless) {
    try {
      next = await loadNext({ dir: webDir, dev: o.dev, hostname: o.host, port: o.port });
    } catch (err) {
      if (err instanceof RoziError) throw new ServerStartError('web-not-built', err.message);
      throw err;
    }
  }

  const bus = new EventBus();
  const home = o.env.HOME || '/';
  const baseEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(o.env))
    if (v !== undefined && k !== 'ROZI_PANE' && k !== 'ROZI_SESSION_NAME') baseEnv[k] = v;
  // An installed host build runs through a launcher script (remote/hostInstall.ts): panes call that.
  const bin = o.env.ROZI_LAUNCHER || roziBin;
  // ROZI=1: rozi's marker that a process runs under rozi (editor plugins key on it); ROZI_CONFIG:
  // a nested `rozi` reads the file this server reads (--config included).
  Object.assign(baseEnv, {
    ROZI: '1',
    ROZI_SOCKET: paths.socket,
    ROZI_BIN: bin,
    ROZI_CONFIG: paths.configFile,
  });
  // Shell integration (issue 16): written once per start; [shell_integration] mode is read per
  // shell pane, so "off" applies to the next pane without a restart.
  const integration = installShellIntegration(paths.shellIntegrationDir);
  if ('error' in integration) o.log(`warning: ${integration.error}`);
  const manager = new SessionManager({
    bus,
    home,
    paneDefaults: () => paneDefaultsOf(configStore(paths.configFile).current().root, home),
    tiling: layoutSettingsReader(paths.configFile, o.log),
    exitNotices: exitNoticeReader(paths.configFile),
    envr: {
      backend: nodePtyBackend,
      procs: procProcessTable,
      bus,
      env: baseEnv,
      shell: o.env.SHELL || '/bin/sh',
      scrollback: o.scrollback,
      ringBytes: Number(o.env.ROZI_RING_BYTES) || DEFAULT_RING_BYTES,
      // Benchmark-only switch (pane.ts): the mirror's cost on the browser path, measured.
      mirrorOutput: o.env.ROZI_BENCH_NO_MIRROR !== '1',
      ...('dir' in integration
        ? {
            shellIntegration: {
              dir: integration.dir,
              enabled: () => shellIntegrationOn(paths.configFile, o.log),
            },
          }
        : {}),
    },
  });
  // Sessions on other machines (issue 19): this server is their client over ssh.
  const remote = new RemoteHosts({
    bus,
    paths,
    env: o.env,
    ringBytes: Number(o.env.ROZI_RING_BYTES) || DEFAULT_RING_BYTES,
    log: o.log,
    // A host's requests for the processes placed there (extensions/remotePlacement.ts).
    serve: (host): LinkServe => placement.serveFor(host),
  });
  const hub = new StreamHub(manager, bus, {
    source: (key) => manager.panes.get(key) ?? remote.stream(key),
    // [session] allow_takeover: each session's takeover policy starts from it (sessions.md).
    allowTakeover: () => {
      const table = configStore(paths.configFile).current().root.session;
      return !(
        table &&
        typeof table === 'object' &&
        (table as Record<string, unknown>).allow_takeover === false
      );
    },
  });
  const status = new StatusService({
    manager,
    bus,
    definitions: (await loadDefinitionsFromDisk(o.env)).set,
    config: { file: paths.configFile, load: async () => (await loadDefinitionsFromDisk(o.env)).set },
    log: o.log,
    extraInboxes: remote,
  });
  manager.agentReading = (key) => status.agentReading(key);
  const extensions = new ExtensionHost({
    manager,
    bus,
    paths,
    env: o.env,
    roziBin: bin,
    browsers: () => hub.connections,
    detection: status,
    log: o.log,
  });
  const hooks = new HookService({
    manager,
    bus,
    host: extensions,
    paths,
    env: baseEnv,
    home,
    log: o.log,
    remoteHostOf: (session) => {
      const split = splitSessionName(session);
      return split && remote.registered().some((h) => h.alias === split.alias) ? split.alias : undefined;
    },
  });
  // Placed services on the hosts of attached sessions (spec 003): snapshots over each host's link.
  const placement: RemotePlacement = new RemotePlacement({
    bus,
    runtimes: () => extensions.runtimesList(),
    hosts: () => remote.registered(),
    generations: extensions.generations,
    notify: (n) => void manager.notify(n),
    run: (path, input, signal) =>
      callProcedure({ ...services, caller: { ok: true, via: 'socket' } }, { path, input, signal }),
    log: o.log,
  });
  extensions.placedCommandRunner = placedCommands(placement);
  // Deployments a client sent here (a host) run from stored snapshots; they return after a restart.
  extensions.deployments.snapshotFiles = restoredSnapshotFiles({ paths, log: o.log });
  // Agent worktrees (issue 22): status in pane headers, checkpoints at each finished turn.
  const worktrees = new WorktreeService({
    manager,
    status,
    bus,
    stateDir: paths.stateDir,
    configFile: paths.configFile,
    home,
    env: baseEnv,
    log: o.log,
  });
  const projection = new WorkspaceProjection({
    manager,
    bus,
    status: () => status,
    worktree: (cwd) => worktrees.paneView(cwd),
    consumers: () => hub.connections + links.count,
    remote: () => remote.rows(),
  });
  // config.toml's [[services]]: started after the extensions, moved on each config reload.
  const configServices = new ConfigServices({
    configFile: paths.configFile,
    env: baseEnv,
    home,
    logDir: paths.logDir,
    notify: (n) => void manager.notify(n),
    changed: (name) => bus.emit({ type: 'service-changed', name }),
    log: o.log,
  });
  // The Files and Git sidebar tabs (issue 20 item 5).
  const files = new FileService({
    manager,
    configRoot: () => configStore(paths.configFile).current().root,
    openLink: (file) => extensions.commands.openLink({ file }),
    shell: o.env.SHELL || '/bin/sh',
  });
  // The composition root: every transport that runs procedures (HTTP, the control socket, host
  // links) hands them this one object, so a router reads ctx.extensions, ctx.status, … directly.
  const profiles = new ProfileService({
    manager,
    bus,
    configDir: paths.configDir,
    configFile: paths.configFile,
    home,
    pathVar: baseEnv.PATH,
    log: o.log,
  });
  const viewerToken = viewerTokenOf(token);
  const services: ServerServices = {
    manager,
    profiles,
    clients: hub.sessionClients,
    // The page's address with the read-only link's token (http/gate.ts); null without a web port.
    readOnlyUrl: (session) => {
      if (o.headless) return null;
      const host = isLoopback(o.host) ? '127.0.0.1' : o.host.includes(':') ? `[${o.host}]` : o.host;
      const s = session ? `&session=${encodeURIComponent(session)}` : '';
      return `http://${host}:${gate.port}/?token=${viewerToken}${s}`;
    },
    extensions,
    hooks,
    status,
    projection,
    remote,
    placement,
    editor: createEditorState(o.env),
    worktrees,
    services: configServices,
    files,
    diagnostics: () => ({
      memory: process.memoryUsage(),
      connections: hub.stats(),
      panes: manager.panes.size,
    }),
  };
  // Clients of this machine as a remote host: each link draws the workspace like a browser.
  const links = new LinkServer({ services, log: o.log });
  // Extension processes a client places on this machine (spec 003): they end with its link.
  links.extra = placementProcedures({ paths, env: baseEnv, roziBin: bin, services, log: o.log });
  // Processes placed on this machine by its own extensions pass the same gate (spec 003).
  extensions.localServices.gatedSocket = localGatedSockets({
    services,
    socket: paths.socket,
    onScreen: () => {
      const name = placement.screenSession() ?? extensions.focusContext()?.sessionName;
      return name !== undefined && manager.sessions.has(name) ? name : null;
    },
    log: o.log,
  });
  projection.start();
  hooks.attachStatus(status);
  const gate: GateConfig = { port: o.port, token, viewerToken, allowRemote: o.allowRemote };
  const http = o.headless ? null : createHttpServer({ services, hub, gate, next, log: o.log });
  if (http) gate.port = await listen(http, o.port, o.host);

  // Once the port is ours and before any pane or extension starts: end what a killed predecessor left running, then list ours.
  const procs = createProcReader();
  // (A second server on a live server's state dir keeps its ledger in memory only.)
  const ended = await endLeftoverChildren({
    dir: paths.childrenDir,
    reader: procs,
    graceMs: 1000,
    log: o.log,
  });
  if (ended !== 'owner-alive') {
    childLedger.persistTo({
      dir: paths.childrenDir,
      startTimeOf: (pid) => procs.stat(pid)?.startTime ?? null,
    });
    claimLedger({ dir: paths.childrenDir, reader: procs });
  }

  // [session]: the snapshot restored and kept (resurrect), the autosaved layout, startup.
  const persistence = await startPersistence({
    manager,
    bus,
    paths,
    home,
    profiles,
    headless: Boolean(o.headless),
    log: o.log,
    resumeArgv: (agent, session) => status.resumeArgv(agent, session),
    resumeOf: (key) => status.nativeResume(key),
  });

  let control;
  try {
    control = await listenControlSocket({
      path: paths.socket,
      services,
      log: o.log,
      link: (socket, rest, kind) =>
        kind === 'adopt'
          ? serveAdoption(socket, rest, { accept: (t) => links.accept(t, Buffer.alloc(0)), log: o.log })
          : links.accept(socket, rest),
    });
  } catch (err) {
    await manager.shutdown(200);
    http?.close();
    throw new ServerStartError(
      'socket-failed',
      `cannot open the control socket: ${err instanceof Error ? err.message : String(err)}`,
    );
  }

  remote.start();
  await extensions.start();
  placement.start();
  await hooks.start();
  status.start();
  worktrees.start();
  bus.on('config-reloaded', () => void configServices.reload());
  await configServices.start();

  const shown = isLoopback(o.host) ? '127.0.0.1' : o.host.includes(':') ? `[${o.host}]` : o.host;
  // The log line first: the URL is the last thing a start prints, on stdout.
  if (o.headless) o.log(`host endpoint ready on ${paths.socket} (no network port)`);
  else o.log(`listening on http://${shown}:${gate.port} (control socket ${paths.socket})`);
  if (!o.headless)
    o.announce({
      url: `http://${shown}:${gate.port}/?token=${token}`,
      socket: paths.socket,
      configFile: paths.configFile,
      stateDir: paths.stateDir,
      pid: process.pid,
      remote: !isLoopback(o.host),
    });

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      o.log(`${signal}: saving the snapshot and ending ${manager.panes.size} pane(s)`);
      // The last snapshot first, while the status service still knows each pane's agent.
      await runShutdown(
        [
          { name: 'the final snapshot', run: () => persistence.finalSave() },
          { name: 'the status service', run: () => status.stop() },
          { name: 'worktrees', run: () => worktrees.stop() },
          { name: 'the projection', run: () => projection.dispose() },
          { name: 'host links', run: () => links.closeAll('the host server is stopping') },
          { name: 'placement', run: () => placement.stop() },
          { name: 'remote hosts', run: () => remote.stop() },
          { name: 'pane histories', run: () => persistence.closeHistories() },
          { name: 'hooks', run: () => hooks.stop() },
          { name: 'extensions', run: () => extensions.stop() },
          { name: 'config services', run: () => configServices.stop() },
          { name: 'file watches', run: () => files.stop() },
          { name: 'panes', run: () => manager.shutdown(1000) },
          { name: 'viewers', run: () => hub.close() },
          { name: 'the control socket', run: () => closeControl(control, paths.socket) },
          {
            name: 'HTTP',
            run: () => {
              http?.closeAllConnections();
              http?.close();
            },
          },
          { name: 'Next', run: () => next?.close() },
          // Whatever is still running (an extension command, a git fetch, a shell hook).
          { name: 'child processes', run: () => childLedger.endAll({ graceMs: 1000 }) },
          {
            name: 'the child ledger',
            run: () => ended !== 'owner-alive' && releaseLedger(paths.childrenDir),
          },
        ],
        { log: o.log },
      );
      resolve(0);
    };
    stopOn = (signal) => void stop(signal);
    if (early) stopOn(early);
  });
}
