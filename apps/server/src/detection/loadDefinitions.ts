// Node side of definition loading for the offline CLI (and a starting point for the server):
// reads config.toml and installed extensions' manifests from disk and hands the texts to
// @rozi/detect, which owns every rule of validation and precedence. The built-ins come embedded
// in @rozi/detect (generated from packages/detect/builtin/*.toml, kept in sync by a test).
// Extension manifests are read minimally here: their `[extension] id` and `[[agents]]`; full
// manifest validation belongs to @rozi/extensions.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { loadDefinitions, type DefinitionSet, type ExtensionAgents } from '@rozi/detect';
import { resolvePaths } from '../config/paths';

export interface LoadedDefinitions {
  set: DefinitionSet;
  configFile: string;
  /** False when config.toml does not exist (the built-ins and extensions still load). */
  configFound: boolean;
}

async function readIfExists(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw err;
  }
}

function extensionId(text: string, dirName: string): string {
  try {
    const doc = parse(text) as { extension?: { id?: unknown } };
    if (typeof doc.extension?.id === 'string' && doc.extension.id) return doc.extension.id;
  } catch {
    // An unparsable manifest still yields its TOML error through loadDefinitions below.
  }
  return dirName;
}

/** Installed extensions that declare [[agents]], in directory-name order. */
async function installedExtensionAgents(extensionsDir: string): Promise<ExtensionAgents[]> {
  let names: string[];
  try {
    names = (await readdir(extensionsDir, { withFileTypes: true })).filter((d) => d.isDirectory() || d.isSymbolicLink()).map((d) => d.name).sort();
  } catch {
    return [];
  }
  const out: ExtensionAgents[] = [];
  for (const name of names) {
    const file = join(extensionsDir, name, 'extension.toml');
    const text = await readIfExists(file);
    if (text === null || !/^\s*\[\[\s*agents\s*\]\]/m.test(text)) continue;
    out.push({ id: extensionId(text, name), file, text });
  }
  return out;
}

export async function loadDefinitionsFromDisk(env: NodeJS.ProcessEnv = process.env): Promise<LoadedDefinitions> {
  const paths = resolvePaths(env);
  const configText = await readIfExists(paths.configFile);
  const extensions = await installedExtensionAgents(paths.extensionsDir);
  const set = loadDefinitions({
    config: configText === null ? null : { file: paths.configFile, text: configText },
    extensions,
  });
  return { set, configFile: paths.configFile, configFound: configText !== null };
}
