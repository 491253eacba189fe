// Seeing the tool behind its launcher. A pane's foreground process is often not the agent's own
// binary: `node …/cli.js`, `python -m aider`, `npx @openai/codex`, `uvx aider-chat`,
// `bash -c "claude --resume x"`. These functions name the program such a launcher runs, from its
// argv alone, so `names` can match it; `paths` match the raw argv tokens anyway.
import { basename, normaliseName } from './processNames';

export type LauncherKind = 'shell' | 'runtime' | 'package-launcher';

const SHELLS = new Set(['sh', 'bash', 'zsh', 'fish', 'dash']);
const RUNTIMES = new Set(['node', 'nodejs', 'bun', 'deno', 'uv', 'uvx']);
const PACKAGE_LAUNCHERS = new Set(['npx', 'npm', 'pnpm', 'yarn', 'bunx', 'pnpx']);

export function launcherKind(program: string): LauncherKind | null {
  const name = normaliseName(program);
  if (SHELLS.has(name)) return 'shell';
  // python, python3, python3.12, pythonw
  if (RUNTIMES.has(name) || /^python[0-9.]*w?$/.test(name)) return 'runtime';
  if (PACKAGE_LAUNCHERS.has(name)) return 'package-launcher';
  return null;
}

// Options of the runtimes and launchers that consume the next argument.
const VALUE_OPTIONS = new Set([
  '-r',
  '--require',
  '--import',
  '--loader',
  '--experimental-loader',
  '-c',
  '--call',
  '-p',
  '--package',
  '--from',
  '--with',
  '--python',
  '-X',
  '-W',
  '--cwd',
  '--config',
  '--conditions',
  '-C',
  '--directory',
  '--project',
]);
// Options after which the runtime runs inline code rather than a named program.
const INLINE_CODE = new Set(['-e', '--eval', '-p', '--print']);

/** `@scope/pkg@1.2.3` → `pkg`; `npm:@scope/pkg` → `pkg`; `pkg==1.0` → `pkg`. */
function packageProgram(spec: string): string {
  let s = spec.replace(/^(?:npm|jsr):/, '');
  const at = s.lastIndexOf('@');
  if (at > 0) s = s.slice(0, at);
  s = s.replace(/(?:==|>=|<=|~=).*$/, '');
  return basename(s);
}

/** First argument that is not an option (skipping option values), from `start`. */
function firstOperand(argv: readonly string[], start: number): number {
  for (let i = start; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') return i + 1 < argv.length ? i + 1 : -1;
    if (a.startsWith('-') && a.length > 1) {
      if (!a.includes('=') && VALUE_OPTIONS.has(a)) i++;
      continue;
    }
    return i;
  }
  return -1;
}

/** The words of a `sh -c` command line, enough to find its program (no expansion). */
function commandWords(command: string): string[] {
  const words = command
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/^['"]|['"]$/g, ''));
  let i = 0;
  // Skip `FOO=bar` assignments and wrappers that run the next word.
  while (
    i < words.length &&
    (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i] as string) ||
      ['exec', 'env', 'command', 'nohup', 'time'].includes(words[i] as string))
  )
    i++;
  return words.slice(i);
}

const MAX_DEPTH = 4;

/**
 * Programs a process runs on behalf of its launcher, outermost first. For `uv run python -m
 * aider` that is `python`, then `aider`. Empty for a process that is not a known launcher.
 */
export function programsBehind(argv: readonly string[], depth = 0): string[] {
  if (argv.length === 0 || depth >= MAX_DEPTH) return [];
  const program = argv[0] as string;
  const kind = launcherKind(program);
  if (!kind) return [];
  const name = normaliseName(program);
  let rest: readonly string[] = [];

  if (kind === 'shell') {
    const c = argv.indexOf('-c');
    if (c !== -1 && argv[c + 1] !== undefined) rest = commandWords(argv[c + 1] as string);
    else {
      const op = firstOperand(argv, 1);
      rest = op === -1 ? [] : argv.slice(op);
    }
  } else if (kind === 'package-launcher') {
    let from = 1;
    // npm exec / npm x, pnpm dlx / pnpm exec, yarn dlx: the subcommand comes first.
    if (name === 'npm' || name === 'pnpm' || name === 'yarn') {
      const sub = argv[1];
      const ok =
        name === 'npm'
          ? sub === 'exec' || sub === 'x'
          : name === 'pnpm'
            ? sub === 'dlx' || sub === 'exec'
            : sub === 'dlx';
      if (!ok) return [];
      from = 2;
    }
    const op = firstOperand(argv, from);
    if (op === -1) return [];
    const pkg = packageProgram(argv[op] as string);
    // The package (e.g. `@google/gemini-cli`) and what it runs are both useful names.
    return [pkg, ...programsBehind([pkg, ...argv.slice(op + 1)], depth + 1)];
  } else {
    if (argv.slice(1).some((a) => INLINE_CODE.has(a)) && name !== 'uv' && name !== 'uvx' && name !== 'deno')
      return [];
    let from = 1;
    if (
      (name === 'uv' && (argv[1] === 'run' || argv[1] === 'tool')) ||
      ((name === 'bun' || name === 'deno') && (argv[1] === 'run' || argv[1] === 'x'))
    ) {
      from = argv[1] === 'tool' && argv[2] === 'run' ? 3 : 2;
    }
    const m = argv.indexOf('-m');
    if (name.startsWith('python') && m !== -1 && argv[m + 1]) {
      // `python -m aider.main` runs the aider package.
      return [(argv[m + 1] as string).split('.')[0] as string];
    }
    const op = firstOperand(argv, from);
    if (op === -1) return [];
    const target = argv[op] as string;
    rest = [
      name === 'uvx' || name === 'deno' || argv[1] === 'x' ? packageProgram(target) : target,
      ...argv.slice(op + 1),
    ];
  }
  if (rest.length === 0) return [];
  const inner = rest[0] as string;
  return [normaliseName(inner), ...programsBehind(rest, depth + 1)];
}
