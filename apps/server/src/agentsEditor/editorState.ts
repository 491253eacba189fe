// The editor's per-server state: where config.toml and saved fixtures live, and the undo history of
// its saves. Built once by the composition root (server/start.ts) and read as ctx.editor. Paths
// come from the server's environment, the same resolvePaths every other subsystem uses, so a
// test's temp HOME and ROZI_* directories apply here too.
import { join } from 'node:path';
import { resolvePaths, type RoziPaths } from '../config/paths';
import { ConfigSaves } from './configSaves';

export interface EditorState {
  env: NodeJS.ProcessEnv;
  paths: RoziPaths;
  saves: ConfigSaves;
  /** Cases saved from the editor: `<dataDir>/fixtures/agents/<agent>.toml`. */
  savedFixturesDir: string;
}

export function createEditorState(env: NodeJS.ProcessEnv): EditorState {
  const paths = resolvePaths(env);
  return {
    env,
    paths,
    saves: new ConfigSaves({ file: paths.configFile }),
    savedFixturesDir: join(paths.dataDir, 'fixtures', 'agents'),
  };
}
