// The registry of installed extensions: <extensionsDir>/registry.json, one entry per extension
// with its source, the exact commit and content digest it was installed at, and whether it is
// enabled. Written atomically (temp file + rename) so a crash never leaves half a registry; an
// unreadable registry is reported and treated as empty rather than taking the server down. Every
// change holds the registry lock (registryLock.ts).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './atomicWrite';
import { withRegistryLock } from './registryLock';

export type InstallSource =
  | { kind: 'git'; url: string; ref: string | null }
  | { kind: 'dir'; path: string }
  | { kind: 'link'; path: string }
  /** A directory put into the extensions folder by hand (rozi's way): found, never in registry.json. */
  | { kind: 'unmanaged'; path: string };

export interface RegistryEntry {
  id: string;
  enabled: boolean;
  source: InstallSource;
  /** The exact commit checked out (git sources), null otherwise. */
  commit: string | null;
  /** Content digest of the installed files (snapshot digest). */
  digest: string;
  /** Where the files are: <extensionsDir>/<id> (a symlink to the checkout for --link). */
  dir: string;
  installedAt: string;
  updatedAt: string;
}

export interface RegistryFile {
  schema_version: 1;
  extensions: RegistryEntry[];
}

export const REGISTRY_FILE = 'registry.json';

export function registryPath(extensionsDir: string): string {
  return join(extensionsDir, REGISTRY_FILE);
}

export function readRegistry(extensionsDir: string): { registry: RegistryFile; problem: string | undefined } {
  const file = registryPath(extensionsDir);
  const empty: RegistryFile = { schema_version: 1, extensions: [] };
  if (!existsSync(file)) return { registry: empty, problem: undefined };
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as RegistryFile;
    if (parsed?.schema_version !== 1 || !Array.isArray(parsed.extensions))
      throw new Error('unknown schema_version');
    return { registry: parsed, problem: undefined };
  } catch (err) {
    return {
      registry: empty,
      problem: `${file} is unreadable (${err instanceof Error ? err.message : String(err)}); no extensions loaded`,
    };
  }
}

export function writeRegistry(extensionsDir: string, registry: RegistryFile): void {
  mkdirSync(extensionsDir, { recursive: true });
  const file = registryPath(extensionsDir);
  const sorted = {
    ...registry,
    extensions: [...registry.extensions].sort((a, b) => a.id.localeCompare(b.id)),
  };
  writeFileAtomic(file, JSON.stringify(sorted, null, 2) + '\n');
}

/**
 * Read, change, write: the one way entries change, under the registry lock (registryLock.ts) so
 * concurrent `rozi extensions …` processes never lose an update. `change` may throw to abort.
 */
export function updateRegistry(extensionsDir: string, change: (r: RegistryFile) => void): RegistryFile {
  return withRegistryLock(extensionsDir, () => {
    const { registry } = readRegistry(extensionsDir);
    change(registry);
    writeRegistry(extensionsDir, registry);
    return registry;
  });
}

export function findEntry(registry: RegistryFile, id: string): RegistryEntry | undefined {
  return registry.extensions.find((e) => e.id === id);
}
