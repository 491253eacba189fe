// How process names and paths are compared (spec: "Match the process"): names by basename,
// without case and without launcher suffixes; paths as lowercase substrings with backslashes
// read as slashes, so Windows-style paths in argv match the same definitions.

const LAUNCHER_SUFFIXES = ['.exe', '.cmd', '.bat', '.ps1', '.js', '.mjs', '.py'];

/** Last path component, either separator. */
export function basename(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut === -1 ? path : path.slice(cut + 1);
}

/** `C:\\Tools\\Claude.EXE` → `claude`; `-bash` (a login shell) → `bash`. */
export function normaliseName(name: string): string {
  let n = basename(name.trim()).toLowerCase();
  if (n.startsWith('-')) n = n.slice(1);
  for (const suffix of LAUNCHER_SUFFIXES) {
    if (n.endsWith(suffix) && n.length > suffix.length) return n.slice(0, -suffix.length);
  }
  return n;
}

export function normalisePath(path: string): string {
  return path.toLowerCase().replaceAll('\\', '/');
}
