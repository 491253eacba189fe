// Options shared by the verbs that start a pane (new-session, split, new-pane): COMMAND as a
// shell command line, or --argv PROGRAM ARG… run directly; --cwd, --title, --keep-open; and the
// variables config.toml's [environment] forward names, from this process's environment.
import { resolve } from 'node:path';
import { forwardedEnv } from '../config/environmentForward';
import { flag } from './flags';
import type { VerbContext } from './verb';

/** Spread into a verb's flags object (`{ ...launchFlags, … }`). */
export const launchFlags = {
  cwd: flag.string({
    short: 'c',
    value: 'DIR',
    description: "working directory (default: the target pane's, else the session folder, else $HOME)",
  }),
  title: flag.string({
    value: 'NAME',
    description: 'name shown for the pane until its program sets a title',
  }),
  'keep-open': flag.boolean({
    description: 'keep the pane after its program exits, showing the exit status',
  }),
};

export interface LaunchOptions {
  cwd?: string;
  title?: string;
  'keep-open'?: boolean;
}

export function launchOf(ctx: VerbContext<LaunchOptions>): {
  command?: string;
  argv?: string[];
  cwd?: string;
  title?: string;
  keepOpen?: boolean;
  env?: Record<string, string>;
} {
  const o = ctx.opts;
  const command = ctx.args.positionals.length ? ctx.args.positionals.join(' ') : undefined;
  return {
    command,
    argv: ctx.args.argv,
    cwd: o.cwd === undefined ? undefined : resolve(ctx.io.cwd, o.cwd),
    title: o.title,
    keepOpen: o['keep-open'] === true ? true : undefined,
    // config.toml [environment] forward: this CLI's values of the named variables, for the new pane.
    env: forwardedEnv(ctx.io.env),
  };
}
