// The editor's per-server state: where config.toml and saved fixtures live, and the undo history of
// its saves. Attached to the session manager (which every procedure's context carries), created on
// first use. Paths come from the server process's environment, the same resolvePaths every other
// subsystem uses, so a test's temp HOME and ROZI_* directories apply here too.
import { join } from 'node:path';
import { resolvePaths, type RoziPaths } from '../config/paths';
import type { SessionManager } from '../session/manager';
import { ConfigSaves } from './configSaves';

export interface EditorState {
  env: NodeJS.ProcessEnv;
  paths: RoziPaths;
  saves: ConfigSaves;
  /** Cases saved from the editor: `<dataDir>/fixtures/agents/<agent>.toml`. */
  savedFixturesDir: string;
}

const states = new WeakMap<SessionManager, EditorState>();

export function editorStateOf(manager: SessionManager, env: NodeJS.ProcessEnv = process.env): EditorState {
  let state = states.get(manager);
  if (!state) {
    const paths = resolvePaths(env);
    state = {
      env,
      paths,
      saves: new ConfigSaves({ file: paths.configFile }),
      savedFixturesDir: join(paths.dataDir, 'fixtures', 'agents'),
    };
    states.set(manager, state);
  }
  return state;
}
