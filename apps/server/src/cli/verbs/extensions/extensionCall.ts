// Shared by the extension verbs: the calling extension's identity (sent with every request so a
// retired generation is refused), the documented exit code for that refusal, local directories,
// and the best-effort reload after a local registry change.
import { constants } from 'node:os';
import type { ExtensionDirs } from '@rozi/extensions/node';
import { resolvePaths } from '../../../config/paths';
import { callServer } from '../../controlClient';
import { CliError } from '../../verb';

/**
 * The documented exit code of a refused retired generation; equals EXIT_STALE_GENERATION of
 * @rozi/extensions/node (asserted by extensions-runtime.test.ts). Declared here so that every
 * `rozi` start does not load the whole extension runtime (about 0.5 s through tsx).
 */
export const EXIT_STALE_GENERATION = 4;

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

/** Retired generations exit with EXIT_STALE_GENERATION (4): the process should exit, not retry. */
export function withStaleExit(err: unknown): never {
  if (err instanceof CliError && (err.code === 'stale-generation' || err.code === 'extension-not-loaded'))
    throw new CliError(err.code, err.message, EXIT_STALE_GENERATION);
  throw err;
}

export async function callExtensions<T>(
  env: NodeJS.ProcessEnv,
  path: string,
  input: Record<string, unknown> = {},
): Promise<T> {
  return callServer<T>(env, path, { ...input, caller: callerOf(env) }).catch(withStaleExit);
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
    throw new CliError(String((err as { code: string }).code), err.message, 1);
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
