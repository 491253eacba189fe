// Loading what is installed: each registry entry's extension.toml is read and checked on its own,
// so one missing, invalid or incompatible extension is reported beside the others and never stops
// them loading (spec: an extension loads whole or not at all — and only itself).
import { existsSync } from 'node:fs';
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

export function loadInstalled(extensionsDir: string): { extensions: LoadedExtension[]; problems: string[] } {
  const { registry, problem } = readRegistry(extensionsDir);
  const extensions = registry.extensions.map((entry): LoadedExtension => {
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
  });
  return { extensions, problems: problem ? [problem] : [] };
}
