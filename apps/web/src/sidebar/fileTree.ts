// The Files and Git tabs' pure model (sidebar.md, Built-in Tabs): the visible rows of a lazily
// loaded tree (one listing per expanded directory), git decorations mapped from repository paths
// to the tree's root, and the Git tab's changed files grouped under their directories.

export type EntryKind = 'dir' | 'file' | 'other';
export type LinkState = null | 'ok' | 'loop' | 'broken' | 'outside';

export interface TreeEntry {
  name: string;
  kind: EntryKind;
  link: LinkState;
}

/** A directory's listing as loaded, its one-line error, or undefined while it loads. */
export type Listing = { entries: TreeEntry[]; truncated: boolean } | { error: string } | undefined;

export interface Change {
  path: string;
  marker: string;
  added: number | null;
  removed: number | null;
}

export interface Decoration {
  marker: string;
  added: number | null;
  removed: number | null;
}

export type TreeRow =
  | {
      type: 'entry';
      rel: string;
      name: string;
      depth: number;
      kind: EntryKind;
      link: LinkState;
      /** A directory that can be opened (not a loop or a link out of the tree). */
      expandable: boolean;
      expanded: boolean;
      decoration: Decoration | null;
    }
  | { type: 'note'; rel: string; depth: number; text: string; tone: 'muted' | 'error' };

const join = (dir: string, name: string) => (dir === '' ? name : `${dir}/${name}`);

/** The rows on screen: the root's entries, and under each expanded directory its own. */
export function treeRows(o: {
  listings: ReadonlyMap<string, Listing>;
  expanded: ReadonlySet<string>;
  decorations: ReadonlyMap<string, Decoration>;
  maxEntries: number;
}): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (dir: string, depth: number) => {
    const l = o.listings.get(dir);
    if (l === undefined) {
      rows.push({ type: 'note', rel: `${dir}\0loading`, depth, text: 'Loading…', tone: 'muted' });
      return;
    }
    if ('error' in l) {
      rows.push({ type: 'note', rel: `${dir}\0error`, depth, text: l.error, tone: 'error' });
      return;
    }
    if (l.entries.length === 0 && depth > 0)
      rows.push({ type: 'note', rel: `${dir}\0empty`, depth, text: 'Empty', tone: 'muted' });
    for (const e of l.entries) {
      const rel = join(dir, e.name);
      const expandable = e.kind === 'dir' && (e.link === null || e.link === 'ok');
      const expanded = expandable && o.expanded.has(rel);
      rows.push({
        type: 'entry',
        rel,
        name: e.name,
        depth,
        kind: e.kind,
        link: e.link,
        expandable,
        expanded,
        decoration: o.decorations.get(rel) ?? null,
      });
      if (expanded) walk(rel, depth + 1);
    }
    if (l.truncated)
      rows.push({
        type: 'note',
        rel: `${dir}\0more`,
        depth,
        text: `First ${o.maxEntries} entries shown (max_entries)`,
        tone: 'muted',
      });
  };
  walk('', 0);
  return rows;
}

/** `path` relative to `root`, or null when it lies outside it. */
export function relativeTo(root: string, path: string): string | null {
  if (path === root) return '';
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : null;
}

/**
 * Repository changes as decorations of the tree rooted at `root`: each changed file with its
 * marker and stats, each directory holding changes with `•` (an untracked directory keeps `?`).
 */
export function decorationsOf(o: {
  root: string;
  repo: string | null;
  changes: readonly Change[];
}): Map<string, Decoration> {
  const out = new Map<string, Decoration>();
  if (!o.repo) return out;
  for (const c of o.changes) {
    const rel = relativeTo(o.root, `${o.repo}/${c.path.replace(/\/$/, '')}`);
    if (rel === null || rel === '') continue;
    out.set(rel, { marker: c.marker, added: c.added, removed: c.removed });
    const parts = rel.split('/');
    for (let i = parts.length - 1; i > 0; i--) {
      const dir = parts.slice(0, i).join('/');
      if (!out.has(dir)) out.set(dir, { marker: '•', added: null, removed: null });
    }
  }
  return out;
}

export interface GitGroup {
  /** The directory, relative to the repository ('' = its top). */
  dir: string;
  files: (Change & { name: string })[];
}

/** Changed files grouped under their directories, directories in path order. */
export function gitGroups(changes: readonly Change[]): GitGroup[] {
  const by = new Map<string, GitGroup>();
  for (const c of changes) {
    const path = c.path.replace(/\/$/, '');
    const cut = path.lastIndexOf('/');
    const dir = cut < 0 ? '' : path.slice(0, cut);
    const name = (cut < 0 ? path : path.slice(cut + 1)) + (c.path.endsWith('/') ? '/' : '');
    let g = by.get(dir);
    if (!g) by.set(dir, (g = { dir, files: [] }));
    g.files.push({ ...c, name });
  }
  return [...by.values()].sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
}

/** `+N -M` for a change with stats, else ''. */
export function statText(d: { added: number | null; removed: number | null }): string {
  if (d.added === null && d.removed === null) return '';
  return `+${d.added ?? 0} -${d.removed ?? 0}`;
}

/** The parent directory of a row's path ('' for a top-level one). */
export function parentOf(rel: string): string {
  const cut = rel.lastIndexOf('/');
  return cut < 0 ? '' : rel.slice(0, cut);
}
