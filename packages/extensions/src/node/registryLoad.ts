// Loading what is installed: each registry entry's extension.toml is read and checked on its own,
// so one missing, invalid or incompatible extension is reported beside the others and never stops
// them loading (spec: an extension loads whole or not at all — and only itself).
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkManifest,
  platformName,
  ROZI_COMPAT_VERSION,
  type ManifestCheck,
  type SnapshotFacts,
} from '../manifest/index';
import { DEFAULT_INSTALL_LIMITS } from './installGit';
import { readManifestFile } from './manifestFile';
import { snapshotFacts, takeSnapshotSync } from './snapshot';
import { readRegistry, type RegistryEntry } from './registry';

export type LoadState = 'enabled' | 'disabled' | 'invalid' | 'incompatible' | 'missing';

export interface LoadedExtension {
  entry: RegistryEntry;
  state: LoadState;
  check: ManifestCheck | undefined;
  /** One line for status and notifications when not loadable. */
  problem: string | undefined;
  /** Disabled by config.toml's `[extensions] disabled` (rozi's switch), whatever the registry says. */
  disabledByConfig?: boolean;
}

export interface LoadInstalledOptions {
  /** config.toml's `[extensions] disabled`: manifest ids kept on disk but not loaded. */
  disabled?: readonly string[];
}

export function checkExtensionDir(dir: string): {
  check: ManifestCheck | undefined;
  problem: string | undefined;
} {
  const read = readManifestFile(dir);
  if (!read.ok) return { check: undefined, problem: read.problem };
  const bytes = read.bytes;
  let snapshot: SnapshotFacts;
  try {
    // The real snapshot facts: a link outside the extension, a link to a directory or a tree past
    // 32 MiB / 4096 files makes an extension with placed contributions invalid (the validator
    // applies them only then).
    snapshot = snapshotFacts(takeSnapshotSync(dir));
  } catch (err) {
    return {
      check: undefined,
      problem: `cannot read ${dir}: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  const check = checkManifest(bytes, {
    roziVersion: ROZI_COMPAT_VERSION,
    platform: platformName(process.platform),
    snapshot,
  });
  if (check.verdict === 'invalid') {
    const first = check.errors[0];
    const more =
      check.errors.length > 1
        ? ` (and ${check.errors.length - 1} more; run rozi extensions check ${dir})`
        : '';
    return { check, problem: `invalid manifest: ${first?.message ?? 'unknown error'}${more}` };
  }
  if (check.verdict === 'incompatible')
    return { check, problem: `incompatible: ${check.errors.map((e) => e.message).join('; ')}` };
  return { check, problem: undefined };
}

/**
 * Why an installed copy no longer is what was installed, or undefined when it still is. The
 * registry records the content digest at install; anything that edited the copy since (a stray
 * script, a half-finished manual change, a tampering process) makes it a different extension
 * from the one the user reviewed, so it does not load. A linked checkout is the user's own
 * working tree and changes by design.
 */
export function digestMismatch(entry: RegistryEntry): string | undefined {
  if (entry.source.kind === 'link' || !entry.digest.startsWith('sha256:')) return undefined;
  let now: string | undefined;
  try {
    now = takeSnapshotSync(entry.dir, {
      digest: true,
      maxBytes: DEFAULT_INSTALL_LIMITS.maxBytes,
      maxFiles: DEFAULT_INSTALL_LIMITS.maxFiles,
    }).digest;
  } catch (err) {
    return `cannot read its files: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (now === entry.digest) return undefined;
  const short = (d: string | undefined) => (d ? d.slice(0, 19) : 'none (past the install limits)');
  return `its files changed since it was installed (now ${short(now)}, installed ${short(entry.digest)}); run rozi extensions update ${entry.id} to restore it`;
}

/**
 * Directories in the extensions folder that registry.json does not list: an extension cloned or
 * copied there by hand, as rozi users install them. Each is loaded like an installed one, under
 * its manifest id, with an `unmanaged` source (rozi extensions update/remove do not touch it).
 */
function unmanagedEntries(extensionsDir: string, listed: readonly RegistryEntry[]): RegistryEntry[] {
  let names: string[];
  try {
    names = readdirSync(extensionsDir).sort();
  } catch {
    return [];
  }
  const real = (p: string): string => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  };
  const known = new Set(listed.map((e) => real(e.dir)));
  const out: RegistryEntry[] = [];
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const dir = join(extensionsDir, name);
    try {
      if (!statSync(dir).isDirectory() || known.has(real(dir))) continue;
    } catch {
      continue;
    }
    if (!existsSync(join(dir, 'extension.toml'))) continue;
    out.push({
      id: name,
      enabled: true,
      source: { kind: 'unmanaged', path: dir },
      commit: null,
      digest: '',
      dir,
      installedAt: '',
      updatedAt: '',
    });
  }
  return out;
}

function loadEntry(entry: RegistryEntry): LoadedExtension {
  if (!existsSync(entry.dir))
    return {
      entry,
      state: 'missing',
      check: undefined,
      problem: `${entry.dir} is gone; reinstall or remove ${entry.id}`,
    };
  const { check, problem: p } = checkExtensionDir(entry.dir);
  if (!check || check.verdict === 'invalid') return { entry, state: 'invalid', check, problem: p };
  if (check.manifest?.extension.id !== entry.id) {
    return {
      entry,
      state: 'invalid',
      check,
      problem: `extension.toml now declares id '${check.manifest?.extension.id}', installed as '${entry.id}'`,
    };
  }
  const changed = digestMismatch(entry);
  if (changed !== undefined) return { entry, state: 'invalid', check, problem: changed };
  if (check.verdict === 'incompatible') return { entry, state: 'incompatible', check, problem: p };
  return { entry, state: entry.enabled ? 'enabled' : 'disabled', check, problem: undefined };
}

/** An unmanaged directory goes by its manifest's id, which must not be one registry.json has. */
function loadUnmanaged(entry: RegistryEntry, taken: Set<string>): LoadedExtension {
  const { check, problem } = checkExtensionDir(entry.dir);
  const id = check?.manifest?.extension.id;
  const named = id ? { ...entry, id } : entry;
  if (!check || check.verdict === 'invalid') return { entry: named, state: 'invalid', check, problem };
  if (id && taken.has(id))
    return {
      entry: named,
      state: 'invalid',
      check,
      problem: `${entry.dir} declares id '${id}', which another installed extension already has`,
    };
  if (id) taken.add(id);
  if (check.verdict === 'incompatible') return { entry: named, state: 'incompatible', check, problem };
  return { entry: named, state: 'enabled', check, problem: undefined };
}

export function loadInstalled(
  extensionsDir: string,
  o: LoadInstalledOptions = {},
): { extensions: LoadedExtension[]; problems: string[] } {
  const { registry, problem } = readRegistry(extensionsDir);
  const listed = registry.extensions.map(loadEntry);
  const taken = new Set(registry.extensions.map((e) => e.id));
  const found = unmanagedEntries(extensionsDir, registry.extensions).map((e) => loadUnmanaged(e, taken));
  const disabled = new Set(o.disabled ?? []);
  const extensions = [...listed, ...found].map((l): LoadedExtension =>
    disabled.has(l.entry.id) && l.state === 'enabled'
      ? { ...l, state: 'disabled', disabledByConfig: true }
      : l,
  );
  return { extensions, problems: problem ? [problem] : [] };
}
