// Loading what is installed: each registry entry's extension.toml is read and checked on its own,
// so one missing, invalid or incompatible extension is reported beside the others and never stops
// them loading (spec: an extension loads whole or not at all — and only itself).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkManifest,
  platformName,
  ROZI_COMPAT_VERSION,
  type ManifestCheck,
  type SnapshotFacts,
} from '../manifest/index';
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
  const file = join(dir, 'extension.toml');
  if (!existsSync(file)) return { check: undefined, problem: `no extension.toml in ${dir}` };
  let bytes: Uint8Array;
  let snapshot: SnapshotFacts;
  try {
    bytes = readFileSync(file);
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
    if (check.verdict === 'incompatible') return { entry, state: 'incompatible', check, problem: p };
    return { entry, state: entry.enabled ? 'enabled' : 'disabled', check, problem: undefined };
  });
  return { extensions, problems: problem ? [problem] : [] };
}
