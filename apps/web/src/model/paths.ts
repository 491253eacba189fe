// Paths as the page shows them.

/** The last component of a path (`/a/b/` → `b`; `/` stays `/`). */
export function basename(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || '/';
}
