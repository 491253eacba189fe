// Builds the Discover index from a list of repository URLs (spec: "Publish to Discover"): for each
// repository, the root extension.toml at the default branch's head, read without running any
// code (repoRead.ts), checked with the same Discover eligibility rules as `rozi extensions check`.
// Eligible entries go to index.json with the exact commit; the rest to skipped.json with reasons.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkManifest,
  MAX_MANIFEST_BYTES,
  type DiscoverFacts,
  type ImageFormat,
  type ManifestCheck,
} from '@rozi/extensions';
import { parse } from 'smol-toml';
import { writeFileAtomic } from '../persist/atomicWrite';
import { contributionSummary } from './contributionSummary';
import type { DiscoverIndexFile, IndexEntry, SkippedEntry, SkippedFile } from './indexTypes';
import { readRepoHead } from './repoRead';

export interface IndexBuildOptions {
  repos: string[];
  env: NodeJS.ProcessEnv;
  roziVersion: string;
  platform: string;
  /** Called after each repository, for progress output. */
  onRepo?: (repo: string, outcome: 'listed' | 'skipped') => void;
}

export interface IndexBuildResult {
  index: DiscoverIndexFile;
  skipped: SkippedFile;
}

/** One URL per line; blank lines and `#` comments ignored; duplicates read once. */
export function parseReposFile(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    if (line === '' || line.startsWith('#')) continue;
    seen.add(line);
  }
  return [...seen];
}

function imageFormat(head: Buffer): ImageFormat {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return 'other';
}

/** Screenshot paths as written, read leniently: the validator reports what is wrong with them. */
function declaredScreenshots(text: string): string[] {
  try {
    const root = parse(text) as { extension?: { screenshots?: unknown } };
    const shots = root.extension?.screenshots;
    return Array.isArray(shots)
      ? shots
          .filter(
            (s): s is string =>
              typeof s === 'string' && /^[A-Za-z0-9._/-]+$/.test(s) && !s.split('/').includes('..'),
          )
          .slice(0, 4)
      : [];
  } catch {
    return [];
  }
}

function entryOf(check: ManifestCheck, repo: string, commit: string): IndexEntry | null {
  const m = check.manifest;
  if (!m) return null;
  const e = m.extension;
  return {
    id: e.id,
    title: e.title,
    description: e.description ?? '',
    version: e.version ?? '',
    repo,
    commit,
    platforms: e.platforms ?? null,
    min_rozi: e.minRozi ?? null,
    homepage: e.homepage ?? null,
    screenshots: e.screenshots,
    contributions: contributionSummary(m),
    verdict: check.verdict,
  };
}

/**
 * A manifest that is Discover-ready but invalid elsewhere has no typed model; its card still
 * needs the metadata, read here from the raw table (the eligibility check vouched for its shape).
 */
function entryFromRaw(text: string, check: ManifestCheck, at: { repo: string; commit: string }): IndexEntry {
  const { repo, commit } = at;
  const meta = (parse(text) as { extension: Record<string, unknown> }).extension;
  const str = (k: string): string | null => (typeof meta[k] === 'string' ? (meta[k] as string) : null);
  return {
    id: str('id') ?? '',
    title: str('title') ?? '',
    description: str('description') ?? '',
    version: str('version') ?? '',
    repo,
    commit,
    platforms: Array.isArray(meta.platforms) ? (meta.platforms as string[]) : null,
    min_rozi: str('min_rozi'),
    homepage: str('homepage'),
    screenshots: Array.isArray(meta.screenshots) ? (meta.screenshots as string[]) : [],
    contributions: {
      commands: 0,
      services: 0,
      actions: 0,
      sidebar_tabs: 0,
      hooks: 0,
      agents: 0,
      settings: 0,
      keys: 0,
      link_handlers: 0,
      navigation_targets: 0,
    },
    verdict: check.verdict,
  };
}

async function readOne(
  repo: string,
  o: IndexBuildOptions,
): Promise<{ entry: IndexEntry } | { skipped: SkippedEntry }> {
  let head;
  try {
    head = await readRepoHead({ url: repo, env: o.env });
  } catch (err) {
    return {
      skipped: {
        repo,
        commit: null,
        reasons: [
          `cannot read the default branch: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`,
        ],
      },
    };
  }
  try {
    const bytes = await head.read('extension.toml');
    if (!bytes)
      return {
        skipped: { repo, commit: head.commit, reasons: ['no extension.toml at the repository root'] },
      };
    const text = bytes.subarray(0, MAX_MANIFEST_BYTES + 1).toString('utf8');
    const shots = declaredScreenshots(text);
    const sizes = await head.sizes(shots);
    const formats = new Map<string, ImageFormat>();
    for (const s of shots) {
      const blob = sizes.get(s) != null ? await head.read(s) : null;
      formats.set(s, blob ? imageFormat(blob.subarray(0, 12)) : 'other');
    }
    const facts: DiscoverFacts = {
      gitRoot: true,
      screenshot: (path) => {
        const size = sizes.get(path);
        return size == null
          ? { exists: false, size: 0, format: 'other' }
          : { exists: true, size, format: formats.get(path) ?? 'other' };
      },
    };
    const check = checkManifest(bytes.subarray(0, MAX_MANIFEST_BYTES + 1), {
      roziVersion: o.roziVersion,
      platform: o.platform,
      discover: facts,
    });
    if (!check.discover.ready)
      return {
        skipped: { repo, commit: head.commit, reasons: check.discover.problems.map((p) => p.message) },
      };
    return {
      entry: entryOf(check, repo, head.commit) ?? entryFromRaw(text, check, { repo, commit: head.commit }),
    };
  } finally {
    head.dispose();
  }
}

export async function buildIndex(o: IndexBuildOptions): Promise<IndexBuildResult> {
  const generated_at = new Date().toISOString();
  const entries: IndexEntry[] = [];
  const skipped: SkippedEntry[] = [];
  for (const repo of o.repos) {
    const r = await readOne(repo, o);
    if ('entry' in r) {
      const clash = entries.find((e) => e.id === r.entry.id);
      // Two repositories claiming one id: the first listed keeps it, so the id stays unambiguous.
      if (clash)
        skipped.push({
          repo,
          commit: r.entry.commit,
          reasons: [`id '${r.entry.id}' is already listed from ${clash.repo}`],
        });
      else entries.push(r.entry);
    } else skipped.push(r.skipped);
    o.onRepo?.(repo, 'entry' in r ? 'listed' : 'skipped');
  }
  entries.sort((a, b) => a.id.localeCompare(b.id));
  return {
    index: { schema_version: 1, generated_at, extensions: entries },
    skipped: { schema_version: 1, generated_at, skipped },
  };
}

function writeJsonAtomic(file: string, value: unknown): void {
  // Index files are published (served to other people's Discover): world-readable.
  writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o644 });
}

export function writeIndexFiles(outDir: string, r: IndexBuildResult): { index: string; skipped: string } {
  mkdirSync(outDir, { recursive: true });
  const index = join(outDir, 'index.json');
  const skipped = join(outDir, 'skipped.json');
  writeJsonAtomic(index, r.index);
  writeJsonAtomic(skipped, r.skipped);
  return { index, skipped };
}

export function readReposFile(file: string): string[] {
  return parseReposFile(readFileSync(file, 'utf8'));
}
