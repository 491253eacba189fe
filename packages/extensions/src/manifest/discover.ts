// Discover eligibility (spec: "Publish to Discover"): whether the public index would list the
// extension, separate from whether it installs. Metadata rules are pure; the facts only the
// filesystem knows (git root, screenshot files) come in as values from the node part.
import type { Diagnostic } from './diagnostics';
import { isTable, type TomlTable } from './tomlValue';

export const DISCOVER_LIMITS = {
  id: 64,
  version: 64,
  min_rozi: 64,
  title: 80,
  description: 280,
  homepage: 256,
} as const;
export const MAX_SCREENSHOT_BYTES = 2 * 1024 * 1024;
const REQUIRED = ['id', 'title', 'description', 'version', 'api'] as const;
const SCREENSHOT_PATH = /^[A-Za-z0-9._/-]+$/;
const SCREENSHOT_EXT = /\.(png|jpe?g|webp)$/i;

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'other';

export interface ScreenshotFact {
  exists: boolean;
  size: number;
  format: ImageFormat;
}

export interface DiscoverFacts {
  /** extension.toml sits at the root of a git repository (the directory holds `.git`). */
  gitRoot: boolean;
  /** Looks up one path as written in `screenshots` (called only for well-formed image paths). */
  screenshot(path: string): ScreenshotFact;
}

export interface DiscoverProblem {
  code: string;
  message: string;
}

export interface DiscoverResult {
  ready: boolean;
  problems: DiscoverProblem[];
}

export function discoverEligibility(
  root: TomlTable | undefined,
  errors: readonly Diagnostic[],
  facts: DiscoverFacts | undefined,
): DiscoverResult {
  const problems: DiscoverProblem[] = [];
  const meta = root && isTable(root.extension) ? root.extension : undefined;
  if (!meta) {
    problems.push({
      code: 'discover-no-metadata',
      message: 'the index reads [extension]; the manifest has none it can read',
    });
  } else {
    for (const key of REQUIRED) {
      if (!Object.hasOwn(meta, key))
        problems.push({ code: 'discover-missing-field', message: `[extension] needs ${key} to be listed` });
    }
    for (const [key, max] of Object.entries(DISCOVER_LIMITS)) {
      const value = meta[key];
      if (typeof value === 'string' && value.length > max) {
        problems.push({
          code: 'discover-too-long',
          message: `${key} is ${value.length} characters; the index allows ${max}`,
        });
      }
    }
    const platforms = meta.platforms;
    if (Array.isArray(platforms) && new Set(platforms).size !== platforms.length) {
      problems.push({ code: 'discover-duplicate-platform', message: 'platforms must be distinct' });
    }
    const screenshots = Array.isArray(meta.screenshots) ? meta.screenshots : [];
    for (const shot of screenshots) {
      if (typeof shot !== 'string') continue;
      const name = JSON.stringify(shot.slice(0, 80));
      if (!SCREENSHOT_PATH.test(shot) || shot.startsWith('/') || shot.split('/').includes('..')) {
        problems.push({
          code: 'discover-screenshot-path',
          message: `screenshot ${name} must be a repository path of ASCII letters, digits, ., _, - and /`,
        });
        continue;
      }
      if (!SCREENSHOT_EXT.test(shot)) {
        problems.push({
          code: 'discover-screenshot-type',
          message: `screenshot ${name} must be a PNG, JPEG or WebP file`,
        });
        continue;
      }
      const fact = facts?.screenshot(shot);
      if (facts && (!fact || !fact.exists))
        problems.push({
          code: 'discover-screenshot-missing',
          message: `screenshot ${name} is not in the repository`,
        });
      else if (fact && fact.size > MAX_SCREENSHOT_BYTES)
        problems.push({
          code: 'discover-screenshot-size',
          message: `screenshot ${name} is ${fact.size} bytes; at most 2 MiB`,
        });
      else if (fact && fact.format === 'other')
        problems.push({
          code: 'discover-screenshot-type',
          message: `screenshot ${name} is not a PNG, JPEG or WebP image`,
        });
    }
  }
  // Errors in [extension] itself (a bad id, homepage, api …) keep the index from listing it;
  // errors elsewhere do not (spec: "Ready can appear alongside errors in commands or services").
  for (const e of errors) {
    if (e.code === 'missing-field' && e.path.startsWith('extension')) continue;
    if (
      e.path === 'extension' ||
      e.path.startsWith('extension.') ||
      ['toml-syntax', 'invalid-utf8', 'nul-byte', 'too-large', 'api-mismatch'].includes(e.code)
    ) {
      problems.push({ code: 'discover-invalid-metadata', message: e.message });
    }
  }
  if (facts && !facts.gitRoot)
    problems.push({
      code: 'discover-not-git-root',
      message: 'extension.toml must be at the root of a git repository',
    });
  return { ready: problems.length === 0, problems };
}
