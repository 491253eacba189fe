// "New" prefilled from a pane's foreground program: its id, label and process match. Generic
// launchers (node, python, npx …) hide the tool, so their first script argument names it instead
// and goes into match.paths (the spec's advice for tools launched through a runtime).

const LAUNCHERS = new Set([
  'node',
  'nodejs',
  'bun',
  'deno',
  'python',
  'python3',
  'npx',
  'npm',
  'pnpm',
  'yarn',
  'uv',
  'uvx',
  'pipx',
  'ruby',
  'perl',
  'bash',
  'sh',
  'zsh',
  'tsx',
]);
const SUFFIX = /\.(?:exe|cmd|bat|ps1|js|mjs|cjs|ts|py)$/i;

function base(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** Lowercase letters, digits, - and _ (the id rule), from any name. */
export function slugId(name: string): string {
  return name
    .toLowerCase()
    .replace(SUFFIX, '')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface ProgramGuess {
  id: string;
  label: string;
  names: string[];
  paths: string[];
}

export function guessFromProgram(
  program: string | null | undefined,
  args: readonly string[] | null | undefined,
): ProgramGuess | null {
  if (!program) return null;
  const name = base(program);
  if (LAUNCHERS.has(name.toLowerCase().replace(SUFFIX, ''))) {
    // list-panes' foreground_arguments come without the program; tolerate argv-style lists too.
    const rest = args && args[0] !== undefined && base(args[0]) === name ? args.slice(1) : (args ?? []);
    const script = rest.find((a) => !a.startsWith('-'));
    if (script) {
      const tool = base(script).replace(SUFFIX, '');
      const id = slugId(tool);
      if (id) return { id, label: tool, names: [], paths: [id] };
    }
  }
  const id = slugId(name);
  return id
    ? { id, label: name.replace(SUFFIX, ''), names: [name.replace(SUFFIX, '').toLowerCase()], paths: [] }
    : null;
}
