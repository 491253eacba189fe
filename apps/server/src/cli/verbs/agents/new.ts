// rozi agents new [--worktree [--branch B] [--base REF] [--approve-setup SHA256|--no-setup]] --argv PROGRAM ARG…
// Opens an agent in a new tab of the target pane's session. With --worktree the agent gets its own
// git worktree of the target pane's repository (issue 22); the project's setup command, when it
// has one, runs there first only once its content was approved: unapproved, it is printed here
// for the person to read and nothing is created.
import { callServer } from '../../controlClient';
import { targetOf, targetOption } from '../../target';
import { CliError, type Verb, type VerbContext } from '../../verb';
import { resolve } from 'node:path';

const str = (ctx: VerbContext, name: string): string | undefined => {
  const v = ctx.args.options[name];
  return typeof v === 'string' ? v : undefined;
};

/** Shows the setup command the server refused to run unapproved, then the refusal itself. */
async function explainSetup(
  ctx: VerbContext,
  err: CliError,
  source: { cwd?: string; base?: string },
): Promise<never> {
  const setup = await callServer(ctx.io.env, 'worktrees.setup', { ...targetOf(ctx), ...source }).catch(
    () => null,
  );
  // On stderr in either format: the person must read it before approving, and JSON stays on stdout.
  if (setup) {
    ctx.io.stderr.write(`--- ${setup.path} (sha256 ${setup.digest}) ---\n${setup.content}`);
    if (!setup.content.endsWith('\n')) ctx.io.stderr.write('\n');
    ctx.io.stderr.write('---\n');
  }
  throw err;
}

export const agentsNewVerb: Verb = {
  path: ['agents', 'new'],
  summary: 'start an agent in a new tab, with --worktree on its own branch in a new git worktree',
  help: "the worktree is made of the target pane's repository (or --cwd DIR's), beside it unless [worktrees] dir says where.\nA setup command (.rozi/setup, or [worktrees] setup) runs first, in the pane, once you approved its content: --approve-setup SHA256 as printed.",
  options: [
    targetOption,
    {
      name: 'worktree',
      short: 'w',
      type: 'boolean',
      description: 'give the agent its own git worktree and branch',
    },
    {
      name: 'branch',
      short: 'b',
      type: 'string',
      value: 'NAME',
      description: 'the new branch (default rozi/<program>-<hex>)',
    },
    {
      name: 'base',
      type: 'string',
      value: 'REF',
      description: "what the branch starts from (default: the checkout's branch)",
    },
    {
      name: 'approve-setup',
      type: 'string',
      value: 'SHA256',
      description: "approve the project's setup command with this content digest",
    },
    {
      name: 'no-setup',
      type: 'boolean',
      description: "make the worktree without running the project's setup command",
    },
    {
      name: 'cwd',
      short: 'c',
      type: 'string',
      value: 'DIR',
      description: "the repository (default: the target pane's directory)",
    },
    {
      name: 'title',
      type: 'string',
      value: 'NAME',
      description: 'name shown for the pane until the agent sets a title',
    },
    { name: 'no-focus', type: 'boolean', description: 'leave the focus where it is' },
  ],
  takesArgv: true,
  async run(ctx) {
    const argv = ctx.args.argv;
    if (!argv || argv.length === 0)
      throw new CliError('usage', 'agents new needs the agent: --argv PROGRAM ARG…');
    const o = ctx.args.options;
    const cwd = str(ctx, 'cwd') === undefined ? undefined : resolve(ctx.io.cwd, str(ctx, 'cwd') as string);
    if (o.worktree !== true) {
      for (const flag of ['branch', 'base', 'approve-setup', 'no-setup'])
        if (o[flag] !== undefined) throw new CliError('usage', `--${flag} goes with --worktree`);
      const t = targetOf(ctx);
      const r = await callServer(ctx.io.env, 'panes.newTab', {
        session: t.session,
        select: o['no-focus'] !== true,
        argv,
        cwd,
        title: str(ctx, 'title'),
      });
      ctx.print(r.pane, () => `pane ${r.pane.id} in tab ${r.tab}: ${argv.join(' ')}`);
      return 0;
    }
    const base = str(ctx, 'base');
    let r;
    try {
      r = await callServer(ctx.io.env, 'worktrees.launch', {
        ...targetOf(ctx),
        cwd,
        base,
        argv,
        branch: str(ctx, 'branch'),
        approveSetup: str(ctx, 'approve-setup'),
        skipSetup: o['no-setup'] === true,
        title: str(ctx, 'title'),
        focus: o['no-focus'] !== true,
      });
    } catch (err) {
      if (err instanceof CliError && err.code === 'setup-unapproved')
        return explainSetup(ctx, err, { cwd, base });
      throw err;
    }
    if (ctx.format === 'text') for (const w of r.warnings) ctx.io.stderr.write(`warning: ${w}\n`);
    ctx.print(r, () =>
      [
        `pane ${r.pane.id} in tab ${r.tab}: ${argv.join(' ')}`,
        `worktree ${r.worktree.id} at ${r.worktree.path} on ${r.worktree.branch} (from ${r.worktree.base})`,
        ...(r.setup
          ? [
              r.setup.runs
                ? `running ${r.setup.path} first (approved)`
                : `${r.setup.path} not run (--no-setup)`,
            ]
          : []),
      ].join('\n'),
    );
    return 0;
  },
};
