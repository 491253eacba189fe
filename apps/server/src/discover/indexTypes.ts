// The Discover index as written by `rozi extensions index build` and read by the server's gallery
// (spec: "Publish to Discover"). Types only: the browser receives the same shapes over tRPC.

/** How many of each contribution a manifest declares: the card's "kind of contribution" filter. */
export interface ContributionSummary {
  commands: number;
  services: number;
  actions: number;
  sidebar_tabs: number;
  hooks: number;
  agents: number;
  settings: number;
  keys: number;
  link_handlers: number;
  navigation_targets: number;
}

export interface IndexEntry {
  id: string;
  title: string;
  description: string;
  version: string;
  /** The repository URL as listed in the repos file (or `bundled:<name>` in the shipped index). */
  repo: string;
  /** The exact commit of the default branch's head the manifest was read at; install pins it. */
  commit: string;
  platforms: string[] | null;
  min_rozi: string | null;
  homepage: string | null;
  screenshots: string[];
  contributions: ContributionSummary;
  /** Install validity at build time; the gallery lists metadata-ready entries even when invalid elsewhere. */
  verdict: 'valid' | 'invalid' | 'incompatible';
}

export interface SkippedEntry {
  repo: string;
  /** Present once the head was read. */
  commit: string | null;
  reasons: string[];
}

export interface DiscoverIndexFile {
  schema_version: 1;
  generated_at: string;
  extensions: IndexEntry[];
}

export interface SkippedFile {
  schema_version: 1;
  generated_at: string;
  skipped: SkippedEntry[];
}
