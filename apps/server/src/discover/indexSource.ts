// Where the server reads its Discover index: ROZI_DISCOVER_INDEX, else config.toml's
// `[discover] index = "…"`, else the shipped default (apps/server/discover/default-index.json,
// built from the examples; see bundledRepos.ts). A value is a path, a file:// URL or an
// http(s):// URL; a relative path resolves from config.toml's directory. Nothing is fetched from
// the network unless the user configured an http(s) index.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configStore } from '../config/configStore';
import type { DiscoverIndexFile, IndexEntry } from './indexTypes';

export interface IndexLocation {
  kind: 'default' | 'env' | 'config';
  /** The path or URL as resolved. */
  where: string;
}

export interface LoadedIndex {
  location: IndexLocation;
  entries: IndexEntry[];
  generatedAt: string | null;
  /** Why the index could not be read (the gallery shows it and lists nothing). */
  problem: string | null;
}

export function defaultIndexPath(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../discover/default-index.json');
}

function configuredIndex(configFile: string): string | undefined {
  // The config in force (a broken file is reported by the host; its last good value stays).
  const root = configStore(configFile).current().root as { discover?: { index?: unknown } };
  return typeof root.discover?.index === 'string' && root.discover.index.trim() !== ''
    ? root.discover.index.trim()
    : undefined;
}

export function indexLocation(o: { env: NodeJS.ProcessEnv; configFile: string }): IndexLocation {
  const fromEnv = o.env.ROZI_DISCOVER_INDEX?.trim();
  if (fromEnv)
    return {
      kind: 'env',
      where:
        fromEnv.startsWith('file:') || /^https?:/.test(fromEnv) || isAbsolute(fromEnv)
          ? fromEnv
          : resolve(fromEnv),
    };
  const fromConfig = configuredIndex(o.configFile);
  if (fromConfig)
    return {
      kind: 'config',
      where:
        fromConfig.startsWith('file:') || /^https?:/.test(fromConfig) || isAbsolute(fromConfig)
          ? fromConfig
          : resolve(dirname(o.configFile), fromConfig),
    };
  return { kind: 'default', where: defaultIndexPath() };
}

function entriesOf(value: unknown): { entries: IndexEntry[]; generatedAt: string | null } | string {
  const v = value as Partial<DiscoverIndexFile> | null;
  if (!v || typeof v !== 'object' || !Array.isArray(v.extensions))
    return 'not a Discover index (no "extensions" list)';
  const entries = v.extensions.filter(
    (e): e is IndexEntry =>
      !!e &&
      typeof e === 'object' &&
      typeof e.id === 'string' &&
      typeof e.repo === 'string' &&
      typeof e.commit === 'string' &&
      /^[0-9a-f]{40,64}$/.test(e.commit),
  );
  return { entries, generatedAt: typeof v.generated_at === 'string' ? v.generated_at : null };
}

export async function loadIndex(location: IndexLocation): Promise<LoadedIndex> {
  const fail = (problem: string): LoadedIndex => ({
    location,
    entries: [],
    generatedAt: null,
    problem: `${location.where}: ${problem}`,
  });
  let text: string;
  try {
    if (/^https?:/.test(location.where)) {
      const res = await fetch(location.where, { signal: AbortSignal.timeout(15_000) });
      if (!res.ok) return fail(`HTTP ${res.status}`);
      text = await res.text();
    } else {
      text = readFileSync(
        location.where.startsWith('file:') ? fileURLToPath(location.where) : location.where,
        'utf8',
      );
    }
  } catch (err) {
    return fail(
      (err as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'no such file'
        : ((err instanceof Error ? err.message : String(err)).split('\n')[0] ?? 'unreadable'),
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('not JSON');
  }
  const r = entriesOf(json);
  if (typeof r === 'string') return fail(r);
  return { location, entries: r.entries, generatedAt: r.generatedAt, problem: null };
}
