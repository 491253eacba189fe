// One extension command (or link handler) the client placed on this host (spec 003, "Run on the
// session host": `placement = "active-session"` on [[commands]]): it runs from the stored,
// digest-checked snapshot, in the focused pane's directory of the session on screen (or the
// account's home when that directory is gone), with the ROZI_* environment a command gets here
// and its own control socket whose requests pass the placement gate bound to that session.
//
// The call answers once the process started (its pid here); a program that is not in the
// snapshot or on PATH answers missing-executable, one that cannot be started spawn-failed. A
// later failing exit is a notification of this host, which the client's link forwards.
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import {
  buildExtensionEnv,
  ensureStateDir,
  extensionLogDir,
  runCommand,
  signalGroup,
  spawnGroup,
  UnitLog,
} from '@rozi/extensions/node';
import type { Server } from 'node:net';
import { LinkCallError } from '../link/linkCallError';
import type { PlacedBinding } from './placedGate';
import { resolvePane } from '../session/target';
import type { ServerServices } from '../api/context';

export const EXTENSION_ID_RE = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;

/** A placed process's program: argv (a ./path in the snapshot or a name on PATH) or a shell line. */
export type PlacedRun = { kind: 'exec'; argv: string[] } | { kind: 'shell'; command: string };

/** What a command needs of the link's placed runtime (placedRuntime.ts). */
export interface PlacedCommandContext {
  readonly isClosed: boolean;
  readonly o: {
    paths: { dataDir: string; stateDir: string; logDir: string; socket: string };
    env: NodeJS.ProcessEnv;
    roziBin: string;
    services: ServerServices;
    log(line: string): void;
  };
  verified(digest: string): boolean;
  snapshotDir(digest: string): string;
  argv(i: { run: PlacedRun }, root: string): string[];
  gatedSocket(binding: PlacedBinding): Promise<{ path: string; socket: Server; cut: () => void }>;
}

export interface RunInput {
  extension: string;
  command: string;
  digest: string;
  generation: string;
  credential: string;
  configJson: string;
  run: PlacedRun;
  /** The session on screen, as this host names it. */
  session: string;
  kind: 'command' | 'link-handler' | 'tab';
  link?: { url?: string; file?: string; line?: string; column?: string; hint?: string };
  /** A clicked command-tab row. */
  row?: { line: string; id?: string };
  /** A command tab's listing: answer once it exits, with its stdout. */
  output?: boolean;
}

const TAB_KILL_MS = 30_000;
const TAB_OUTPUT_MAX = 1024 * 1024;

const COMMAND_RE = /^[A-Za-z0-9_.-]+$/;

/** The focused pane of the named session here, with its directory (home when it is gone). */
function focusOf(rt: PlacedCommandContext, session: string): { pane: string; instance: string; cwd: string } {
  const manager = rt.o.services.manager;
  let pane;
  try {
    pane = resolvePane(manager, { session });
  } catch (err) {
    throw new LinkCallError(
      'no-session',
      `session ${session} is not here: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const live = manager.liveCwd(pane);
  const home = rt.o.env.HOME ?? homedir();
  const cwd = live && existsSync(live) && statSync(live).isDirectory() ? live : home;
  return { pane: String(pane.id), instance: manager.sessionOf(pane).instanceId, cwd };
}

export async function runPlacedCommand(
  rt: PlacedCommandContext,
  input: unknown,
): Promise<{ pid: number; stdout?: string }> {
  if (rt.isClosed) throw new LinkCallError('spawn-failed', 'the link is closing');
  const i = input as RunInput;
  if (
    typeof i?.extension !== 'string' ||
    !EXTENSION_ID_RE.test(i.extension) ||
    typeof i.command !== 'string' ||
    !COMMAND_RE.test(i.command) ||
    typeof i.session !== 'string' ||
    typeof i.credential !== 'string'
  )
    throw new LinkCallError(
      'invalid',
      'link.ext.run needs an extension id, a command id, a session and a credential',
    );
  if (i.run?.kind !== 'exec' && i.run?.kind !== 'shell')
    throw new LinkCallError('invalid', 'a placed command runs exec or shell');
  if (
    i.row !== undefined &&
    (typeof i.row?.line !== 'string' || (i.row.id !== undefined && typeof i.row.id !== 'string'))
  )
    throw new LinkCallError('invalid', 'a clicked row is { line, id? } of strings');
  if (!rt.verified(i.digest))
    throw new LinkCallError(
      'snapshot-missing',
      `snapshot ${String(i.digest).slice(0, 19)} is not stored here`,
    );
  const root = rt.snapshotDir(i.digest);
  const argv = rt.argv(i, root);
  const focus = focusOf(rt, i.session);
  const { paths } = rt.o;
  const stateDir = ensureStateDir(paths.stateDir, i.extension);
  const { path: socketPath, socket } = await rt.gatedSocket({
    extension: i.extension,
    session: i.session,
    credential: i.credential,
  });
  const env = buildExtensionEnv({
    base: rt.o.env,
    extension: { id: i.extension, dir: root, stateDir, configJson: i.configJson, generation: i.generation },
    kind: i.kind === 'link-handler' || i.kind === 'tab' ? i.kind : 'command',
    roziBin: rt.o.roziBin,
    socket: socketPath,
    sessionName: i.session,
    source: { pane: focus.pane, session: focus.instance },
    link: i.kind === 'link-handler' ? i.link : undefined,
    placed: { credential: i.credential, sessionInstance: focus.instance },
    row: i.kind === 'tab' ? i.row : undefined,
  });
  if (i.output) {
    rt.o.log(`placement: tab ${i.extension}.${i.command} in ${focus.cwd}`);
    return await listTab({ argv, cwd: focus.cwd, env, done: () => socket.close() });
  }
  let startFailure: string | null = null;
  // Set once runCommand returns: a failure before that is a start failure, answered to the client.
  const started: { pid: number | undefined } = { pid: undefined };
  const handle = runCommand({
    extension: i.extension,
    command: i.command,
    // The program is resolved already (a ./path inside the snapshot or a name on PATH).
    run: { kind: 'exec', argv },
    extensionDir: root,
    cwd: focus.cwd,
    env,
    log: new UnitLog({ dir: extensionLogDir(paths.logDir, i.extension), unit: 'commands' }),
    sendText: () => undefined,
    onFailure: (f) => {
      if (started.pid === undefined) {
        startFailure = f.message;
        return;
      }
      void rt.o.services.manager.notify({
        level: 'error',
        title: `${f.extension}.${f.command} failed`,
        message: f.message,
      });
    },
  });
  started.pid = handle.pid;
  const pid = handle.pid;
  void handle.exited.finally(() => socket.close());
  if (pid === undefined) {
    await handle.exited;
    throw new LinkCallError(
      'spawn-failed',
      `${argv[0] ?? 'the program'} could not be started: ${startFailure ?? 'unknown error'}`,
    );
  }
  rt.o.log(`placement: command ${i.extension}.${i.command} pid ${pid} in ${focus.cwd}`);
  return { pid };
}

/** A command tab's listing: its stdout (at most 1 MiB) once it exits, killed after 30 s. */
function listTab(o: {
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  done(): void;
}): Promise<{ pid: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    let child: ReturnType<typeof spawnGroup>;
    try {
      child = spawnGroup({ argv: o.argv, cwd: o.cwd, env: o.env, stdin: 'ignore' });
    } catch (err) {
      o.done();
      reject(
        new LinkCallError(
          'spawn-failed',
          `${o.argv[0] ?? 'the program'} could not be started: ${String(err)}`,
        ),
      );
      return;
    }
    let out = '';
    const timer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), TAB_KILL_MS);
    child.stdout?.on('data', (d: Buffer) => {
      if (out.length < TAB_OUTPUT_MAX) out += d.toString();
    });
    child.stderr?.resume();
    child.once('error', (err) => {
      clearTimeout(timer);
      o.done();
      reject(
        new LinkCallError(
          'spawn-failed',
          `${o.argv[0] ?? 'the program'} could not be started: ${err.message}`,
        ),
      );
    });
    child.once('close', () => {
      clearTimeout(timer);
      signalGroup(child.pid, 'SIGKILL');
      o.done();
      resolve({ pid: child.pid ?? 0, stdout: out });
    });
  });
}
