// Where rozi keeps its files. XDG defaults, each overridable by environment so tests run in a
// temporary HOME (DESIGN.md, Files). One place decides every path; nothing else joins them.
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface RoziPaths {
  /** rozi's config directory (themes/, profiles/). `ROZI_CONFIG_DIR`, else `$XDG_CONFIG_HOME/rozi`, else ~/.config/rozi. */
  configDir: string;
  /** `ROZI_CONFIG` (set by `--config`; `~` expands), else `<configDir>/config.toml`. */
  configFile: string;
  /** Installed extensions live in `<dataDir>/extensions/<id>`. */
  dataDir: string;
  extensionsDir: string;
  /** Snapshots, extension state dirs (0700), logs, the token file. */
  stateDir: string;
  logDir: string;
  tokenFile: string;
  snapshotFile: string;
  /** The child ledger: one file per process the server started (proc/leftoverChildren.ts). */
  childrenDir: string;
  /** The control socket the CLI talks to (mode 0600 in a 0700 directory). */
  socket: string;
  /** Files rozi can always rewrite: `$XDG_CACHE_HOME/rozi`, else ~/.cache/rozi. */
  cacheDir: string;
  /** The shell integration scripts injected shells load (shellIntegration/install.ts). */
  shellIntegrationDir: string;
}

/** rozi's `~` and `~/…` expansion of a configured path; anything else is returned as given. */
export function expandHome(path: string, home: string): string {
  if (path === '~') return home;
  return path.startsWith('~/') ? join(home, path.slice(2)) : path;
}

export function resolvePaths(env: NodeJS.ProcessEnv = process.env): RoziPaths {
  const home = env.HOME || homedir();
  const configDir = env.ROZI_CONFIG_DIR || join(env.XDG_CONFIG_HOME || join(home, '.config'), 'rozi');
  const dataDir = env.ROZI_DATA_DIR || join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'rozi');
  const stateDir = env.ROZI_STATE_DIR || join(env.XDG_STATE_HOME || join(home, '.local', 'state'), 'rozi');
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const runtimeBase = env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, 'rozi') : join(tmpdir(), `rozi-${uid}`);
  const socket = env.ROZI_SOCKET || join(runtimeBase, 'rozi.sock');
  const cacheDir = join(env.XDG_CACHE_HOME || join(home, '.cache'), 'rozi');
  return {
    configDir,
    configFile: env.ROZI_CONFIG ? resolve(expandHome(env.ROZI_CONFIG, home)) : join(configDir, 'config.toml'),
    dataDir,
    extensionsDir: env.ROZI_EXTENSIONS_DIR || join(dataDir, 'extensions'),
    stateDir,
    logDir: join(stateDir, 'logs'),
    tokenFile: join(stateDir, 'token'),
    snapshotFile: join(stateDir, 'snapshot.json'),
    childrenDir: join(stateDir, 'children'),
    socket,
    cacheDir,
    shellIntegrationDir: join(cacheDir, 'shell-integration'),
  };
}
