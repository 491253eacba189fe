// `rozi config check` on [[commands]], [keys] inline commands and [[services]]: a command line
// whose program is not on PATH (or a path that is not an executable file) fails only when it
// runs — a palette entry that flashes an error, a service that crash-loops into `failed`. Each is
// one line naming the entry and the program. Only the first word is looked at, after `VAR=value`
// assignments; shell builtins and words the shell computes (`$EDITOR`, `$(…)`) are left alone.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import type { ConfigRoot } from './configLoad';
import { KeyLines } from './keyLines';
import { expandHome } from './paths';

const BUILTINS = new Set(
  (
    'alias bg bind break builtin case cd command continue declare echo eval exec exit export false fg ' +
    'for function getopts hash if jobs kill let local printf pwd read readonly return set shift source ' +
    'test then times trap true type typeset ulimit umask unalias unset until wait while [ [[ . : { ( !'
  ).split(' '),
);

/** The program a command line starts, or null when the shell decides it (a builtin, `$X`, `$(…)`). */
export function programOf(line: string): string | null {
  const words = line.trim().split(/\s+/);
  let i = 0;
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i] ?? '')) i++;
  let word = words[i];
  if (!word) return null;
  if (/^(['"]).*\1$/.test(word)) word = word.slice(1, -1);
  if (/[$`*?(){};|&<>\\'"]/.test(word) || BUILTINS.has(word)) return null;
  return word;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Whether `program` runs: a path must be an executable file, a name must be one on PATH. */
export function onPath(program: string, env: { PATH?: string; HOME?: string }): boolean {
  if (program.includes('/')) {
    const p = expandHome(program, env.HOME ?? '');
    return isAbsolute(p) ? executable(p) : true; // relative to a cwd not known here
  }
  return (env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && executable(join(dir, program)));
}

const isTable = (v: unknown): v is ConfigRoot =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

const RUNS = ['run', 'popup', 'exec'] as const;

export function missingProgramWarnings(o: {
  root: ConfigRoot;
  text: string;
  file: string;
  env: { PATH?: string; HOME?: string };
}): string[] {
  const lines = new KeyLines(o.text);
  const out: string[] = [];
  const check = (what: string, path: Array<string | number>, line: unknown) => {
    if (typeof line !== 'string') return;
    const program = programOf(line);
    if (!program || onPath(program, o.env)) return;
    const where = program.includes('/') ? 'is not an executable file' : 'is not on PATH';
    out.push(
      `${o.file}:${lines.lineOf(path) ?? '?'}: ${what}: program '${program}' ${where}; it fails when it runs`,
    );
  };
  const entries = (name: string) => (Array.isArray(o.root[name]) ? (o.root[name] as unknown[]) : []);
  entries('commands').forEach((e, i) => {
    if (!isTable(e)) return;
    for (const k of RUNS) check(`[[commands]] #${i + 1} (${String(e.id)}) ${k}`, ['commands', i, k], e[k]);
  });
  if (isTable(o.root.keys))
    for (const [trigger, v] of Object.entries(o.root.keys))
      if (isTable(v)) for (const k of RUNS) check(`[keys] "${trigger}" ${k}`, ['keys', trigger], v[k]);
  entries('services').forEach((e, i) => {
    if (isTable(e)) check(`[[services]] #${i + 1} (${String(e.name)}) run`, ['services', i, 'run'], e.run);
  });
  return out;
}
