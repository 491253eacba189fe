// Options shared by the verbs that start a pane (new-session, split, new-pane): COMMAND as a
// shell command line, or --argv PROGRAM ARG… run directly; --cwd, --title, --keep-open.
import { resolve } from 'node:path';
import type { OptionSpec, VerbContext } from './verb';

export const launchOptions: OptionSpec[] = [
  {
    name: 'cwd',
    short: 'c',
    type: 'string',
    value: 'DIR',
    description: "working directory (default: the target pane's, else the session folder, else $HOME)",
  },
  {
    name: 'title',
    type: 'string',
    value: 'NAME',
    description: 'name shown for the pane until its program sets a title',
  },
  {
    name: 'keep-open',
    type: 'boolean',
    description: 'keep the pane after its program exits, showing the exit status',
  },
];

export function launchOf(ctx: VerbContext): {
  command?: string;
  argv?: string[];
  cwd?: string;
  title?: string;
  keepOpen?: boolean;
} {
  const o = ctx.args.options;
  const command = ctx.args.positionals.length ? ctx.args.positionals.join(' ') : undefined;
  return {
    command,
    argv: ctx.args.argv,
    cwd: typeof o.cwd === 'string' ? resolve(ctx.io.cwd, o.cwd) : undefined,
    title: typeof o.title === 'string' ? o.title : undefined,
    keepOpen: o['keep-open'] === true ? true : undefined,
  };
}
