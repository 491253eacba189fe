// Whether a well-formed manifest can load on this machine: min_rozi against the running version,
// platforms against the running platform. Both are inputs (the pure part reads no environment).
// Decided only after the manifest is known valid: an invalid manifest is reported as invalid,
// never as incompatible (spec: "rozi reports the most specific").
import type { DiagnosticCode } from './diagnostics';
import type { ExtensionMeta } from './model';
import { compareVersions, parseVersion } from './version';

export interface CompatibilityProblem {
  code: Extract<DiagnosticCode, 'rozi-too-old' | 'unsupported-platform'>;
  path: string[];
  message: string;
}

export interface RuntimeFacts {
  /** The running rozi's version, e.g. "0.1.0". */
  roziVersion: string;
  /** The running platform in manifest terms: linux, macos, windows, freebsd, netbsd (or anything else). */
  platform: string;
}

/** Node's process.platform in manifest terms (darwin → macos, win32 → windows). */
export function platformName(nodePlatform: string): string {
  if (nodePlatform === 'darwin') return 'macos';
  if (nodePlatform === 'win32') return 'windows';
  return nodePlatform;
}

export function compatibilityProblems(meta: ExtensionMeta, runtime: RuntimeFacts): CompatibilityProblem[] {
  const out: CompatibilityProblem[] = [];
  if (meta.minRozi !== undefined) {
    const want = parseVersion(meta.minRozi);
    const have = parseVersion(runtime.roziVersion);
    if (want && have && compareVersions(want, have) > 0) {
      out.push({
        code: 'rozi-too-old',
        path: ['extension', 'min_rozi'],
        message: `needs rozi ${meta.minRozi} or newer; this is ${runtime.roziVersion}`,
      });
    }
  }
  if (meta.platforms !== undefined && !(meta.platforms as string[]).includes(runtime.platform)) {
    out.push({
      code: 'unsupported-platform',
      path: ['extension', 'platforms'],
      message: `runs on ${meta.platforms.join(', ')}; this machine is ${runtime.platform}`,
    });
  }
  return out;
}
