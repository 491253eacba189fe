// Node side of definition loading for the offline CLI (and a starting point for the server):
// reads config.toml and installed extensions' manifests from disk and hands the texts to
// @rozi/detect, which owns every rule of validation and precedence. The built-ins come embedded
// in @rozi/detect (generated from packages/detect/builtin/*.toml, kept in sync by a test).
// Which extensions count comes from @rozi/extensions' registry loader (enabled and valid only);
// their `[[agents]]` texts go to @rozi/detect, which namespaces them `<extension>.<id>`.
import { basename, join } from 'node:path';
import { loadDefinitions, type DefinitionSet, type ExtensionAgents } from '@rozi/detect';
import { configStore, readConfigFile } from '../config/configStore';
import { resolvePaths } from '../config/paths';
import { readHostConfig } from '../extensions/hostConfig';
import { brokenConfig } from '../status/configWatcher';

export interface LoadedDefinitions {
  set: DefinitionSet;
  configFile: string;
  /** False when config.toml does not exist (the built-ins and extensions still load). */
  configFound: boolean;
}

/**
 * Enabled, loadable installed extensions that declare [[agents]], in directory-name order. Only
 * what the extension host would load counts (spec: agent definitions come from enabled
 * extensions): a disabled, invalid, incompatible or missing one contributes nothing, so
 * disabling an extension takes its agents out of detection at the next reload.
 */
async function installedExtensionAgents(o: {
  extensionsDir: string;
  disabled: string[];
}): Promise<ExtensionAgents[]> {
  // Loaded on use: the runtime is heavy and most `rozi` commands never need it.
  const { loadInstalled, readManifestFile } = await import('@rozi/extensions/node');
  const loadable = loadInstalled(o.extensionsDir, { disabled: o.disabled })
    .extensions.filter((e) => e.state === 'enabled' && e.check?.manifest)
    .sort((a, b) => basename(a.entry.dir).localeCompare(basename(b.entry.dir)));
  const out: ExtensionAgents[] = [];
  for (const e of loadable) {
    const file = join(e.entry.dir, 'extension.toml');
    // Bounded and never blocking: the file is the repository's, whatever sits at that name now.
    const read = readManifestFile(e.entry.dir);
    const text = read.ok ? read.bytes.toString('utf8') : null;
    if (text === null || !/^\s*\[\[\s*agents\s*\]\]/m.test(text)) continue;
    out.push({ id: e.entry.id, file, text });
  }
  return out;
}

export async function loadDefinitionsFromDisk(
  env: NodeJS.ProcessEnv = process.env,
): Promise<LoadedDefinitions> {
  const paths = resolvePaths(env);
  // Read raw (not the store's last good text): detection keeps its own last good definitions and
  // must see the syntax error to do so (status/configWatcher.ts).
  const configText = readConfigFile(paths.configFile);
  const extensions = await installedExtensionAgents({
    extensionsDir: paths.extensionsDir,
    disabled: readHostConfig(paths.configFile).disabled,
  });
  const set = loadDefinitions({
    config: configText === null ? null : { file: paths.configFile, text: configText },
    extensions,
  });
  if (!brokenConfig(set, paths.configFile))
    return { set, configFile: paths.configFile, configFound: configText !== null };
  // A file that does not parse: its definitions are the last text that did (the store keeps it),
  // with this read's warnings. A reload for another reason while it is broken (an extension
  // installed, an editor save) then keeps the user's agents instead of falling back to the
  // built-ins; the config watcher still reports the file as broken.
  const lastGood = loadDefinitions({
    config: { file: paths.configFile, text: configStore(paths.configFile).current().text },
    extensions,
  });
  return { set: { ...lastGood, warnings: set.warnings }, configFile: paths.configFile, configFound: true };
}
