// `--argv PROGRAM …` runs PROGRAM directly, without a shell. node-pty forks first and execs in
// the child, so a missing program used to surface only as a pane that exited at once with
// "execvp(3) failed" on its screen, while `split --argv /nonexistent` answered 0. The program is
// looked up here, the way execvp will (a name with a slash as a path from the pane's cwd, else
// each PATH entry), so a missing or non-executable one is a one-line error before any pane exists.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

function runnable(path: string): 'ok' | 'missing' | 'not-file' | 'not-executable' {
  try {
    const st = statSync(path);
    if (!st.isFile()) return 'not-file';
    // access(2) says yes to root for any file; exec still needs one execute bit.
    if ((st.mode & 0o111) === 0) return 'not-executable';
  } catch {
    return 'missing';
  }
  try {
    accessSync(path, constants.X_OK);
    return 'ok';
  } catch {
    return 'not-executable';
  }
}

/** Null when `program` can be exec'd from `cwd` with `pathVar`; else why not, as one clause. */
export function programProblem(
  program: string,
  o: { cwd: string; pathVar: string | undefined },
): string | null {
  if (program.includes('/')) {
    const path = isAbsolute(program) ? program : resolve(o.cwd, program);
    switch (runnable(path)) {
      case 'ok':
        return null;
      case 'missing':
        return `no such file ${path}`;
      case 'not-file':
        return `${path} is not a file`;
      case 'not-executable':
        return `${path} is not executable`;
    }
  }
  for (const dir of (o.pathVar ?? '').split(delimiter))
    if (runnable(join(dir === '' ? o.cwd : resolve(o.cwd, dir), program)) === 'ok') return null;
  return `no program '${program}' on PATH`;
}
