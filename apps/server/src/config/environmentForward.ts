// `[environment] forward` (configuration.md, "Pane environment"): variables the client that creates
// a pane samples from its own environment and gives to that pane only. In the web edition the
// client with an environment is the CLI (`rozi split`, `new-pane`, `new-session`): the browser has
// none. Only named variables are read; values live in the pane's process, never in a snapshot.
import { readConfigFile } from './configStore';
import { loadConfigText } from './configLoad';
import { resolvePaths } from './paths';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The names `[environment] forward` lists (anything else in the list is skipped; config check reports it). */
export function forwardNames(root: Record<string, unknown>): string[] {
  const env = root.environment;
  if (env === null || typeof env !== 'object' || Array.isArray(env)) return [];
  const list = (env as { forward?: unknown }).forward;
  if (!Array.isArray(list)) return [];
  return [...new Set(list.filter((n): n is string => typeof n === 'string' && NAME.test(n)))].slice(0, 64);
}

/** The forwarded variables this process has, read with the config file the CLI uses; undefined when none. */
export function forwardedEnv(env: NodeJS.ProcessEnv): Record<string, string> | undefined {
  const file = resolvePaths(env).configFile;
  const text = readConfigFile(file);
  if (!text) return undefined;
  const root = loadConfigText({ file, text }).root ?? {};
  const out: Record<string, string> = {};
  for (const name of forwardNames(root)) {
    const value = env[name];
    if (value !== undefined) out[name] = value;
  }
  return Object.keys(out).length ? out : undefined;
}
