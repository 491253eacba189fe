// Shared by the extension verbs: the calling extension's identity (sent with every request so a
// retired generation is refused, exiting with EXIT.stale of contract/codes.ts), local directories,
// and the best-effort reload after a local registry change.
import { constants } from 'node:os';
import type { ExtensionDirs, InstallError } from '@rozi/extensions/node';
import { resolvePaths } from '../../../config/paths';
import { callServer } from '../../controlClient';
import type { CallPath, InputOf, OutputOf } from '../../procedureTypes';
import { CliError } from '../../verb';

export interface CallerClaim {
  extension: string;
  generation: string;
}

/** Present when an extension process runs the CLI (ROZI_EXTENSION set by the runtime). */
export function callerOf(env: NodeJS.ProcessEnv): CallerClaim | undefined {
  const extension = env.ROZI_EXTENSION;
  const generation = env.ROZI_EXTENSION_CREDENTIAL || env.ROZI_EXTENSION_GENERATION;
  return extension && generation ? { extension, generation } : undefined;
}

/** The paths whose input names the calling extension (`caller`). */
type CallerPath = {
  [P in CallPath]: 'caller' extends keyof NonNullable<InputOf<P>> ? P : never;
}[CallPath];

/** Calls an extension procedure with the calling extension's identity added to the input. */
export async function callExtensions<P extends CallerPath>(
  env: NodeJS.ProcessEnv,
  path: P,
  input?: Omit<NonNullable<InputOf<P>>, 'caller'>,
): Promise<OutputOf<P>> {
  const withCaller = { ...input, caller: callerOf(env) } as InputOf<P>;
  return (callServer as (e: NodeJS.ProcessEnv, p: P, i: InputOf<P>) => Promise<OutputOf<P>>)(
    env,
    path,
    withCaller,
  );
}

export function extensionDirs(env: NodeJS.ProcessEnv): ExtensionDirs {
  const p = resolvePaths(env);
  return { extensionsDir: p.extensionsDir, stateRoot: p.stateDir, logRoot: p.logDir };
}

/** Tells a running server to reload; a missing server is fine (it loads at start). */
export async function reloadIfRunning(env: NodeJS.ProcessEnv): Promise<'reloaded' | 'no-server'> {
  try {
    await callServer(env, 'extensions.reload');
    return 'reloaded';
  } catch (err) {
    if (err instanceof CliError && err.code === 'no-server') return 'no-server';
    throw err;
  }
}

export function installFailure(err: unknown): never {
  if (err instanceof Error && 'code' in err && err.name === 'InstallError')
    throw new CliError((err as InstallError).code, err.message);
  throw err;
}

const ENDING_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Runs an install or update so that Ctrl-C (or a closed terminal) ends it whole: git runs in its
 * own process group, which the terminal's signal never reaches, so without this the clone went
 * on after the CLI had exited. The signal kills what the install started, removes its staging
 * directory, and exits 128 + the signal number as a shell expects.
 */
export async function interruptibleInstall<T>(
  work: () => Promise<T>,
  stderr: { write(s: string): unknown },
): Promise<T> {
  const { abandonInstallsNow } = await import('@rozi/extensions/node');
  const onSignal = (sig: NodeJS.Signals) => {
    abandonInstallsNow();
    stderr.write(
      `rozi: ${sig === 'SIGINT' ? 'interrupted' : sig}; git was stopped and nothing was installed\n`,
    );
    process.exit(128 + (constants.signals[sig] ?? 2));
  };
  for (const sig of ENDING_SIGNALS) process.once(sig, onSignal);
  try {
    return await work();
  } finally {
    for (const sig of ENDING_SIGNALS) process.off(sig, onSignal);
  }
}
