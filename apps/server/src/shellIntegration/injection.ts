// How an interactive shell pane starts with rozi's shell integration (configuration.md,
// [shell_integration]): bash through a generated --rcfile, zsh through a temporary ZDOTDIR shim,
// fish through an XDG_DATA_DIRS vendor conf.d entry. Each chains the user's own startup files and
// then loads the integration (install.ts writes the files); none edits a file of the user's.
// Anything else (sh, dash, a program) starts exactly as before.
import { basename, join } from 'node:path';

export interface ShellStart {
  file: string;
  args: string[];
  /** Variables to set on top of the pane's environment. */
  env: Record<string, string>;
}

/** XDG's default when XDG_DATA_DIRS is unset: fish must still find its own functions. */
const XDG_DATA_DIRS_DEFAULT = '/usr/local/share:/usr/share';

/**
 * The start of `shell` as an interactive pane with the integration in `dir`, or null when rozi has
 * no integration for it. `env` is the environment the pane would get (its ZDOTDIR/XDG_DATA_DIRS
 * are handed on so the shims can put them back).
 */
export function integratedShell(o: {
  shell: string;
  env: Record<string, string>;
  dir: string;
}): ShellStart | null {
  switch (basename(o.shell)) {
    case 'bash':
      return { file: o.shell, args: ['--rcfile', join(o.dir, 'bashrc')], env: {} };
    case 'zsh':
      return {
        file: o.shell,
        args: [],
        env: {
          ZDOTDIR: join(o.dir, 'zsh'),
          ...(o.env.ZDOTDIR !== undefined ? { ROZI_SI_ZDOTDIR: o.env.ZDOTDIR } : {}),
        },
      };
    case 'fish':
      return {
        file: o.shell,
        args: [],
        env: {
          XDG_DATA_DIRS: `${join(o.dir, 'fish')}:${o.env.XDG_DATA_DIRS || XDG_DATA_DIRS_DEFAULT}`,
          ROZI_SI_XDG_DATA_DIRS: o.env.XDG_DATA_DIRS ?? '',
        },
      };
    default:
      return null;
  }
}
