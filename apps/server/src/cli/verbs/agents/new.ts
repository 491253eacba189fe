// rozi agents new [--worktree [--branch B] [--base REF] [--approve-setup SHA256|--no-setup]] --argv PROGRAM ARG…
// Opens an agent in a new tab of the target pane's session. With --worktree the agent gets its own
// git worktree of the target pane's repository (issue 22); the project's setup command, when it
// has one, runs there first only once its content was approved: unapproved, it is printed here
// for the person to read and nothing is created.
import { callServer } from '../../controlClient';
import { resolve } from 'node:path';
import { z } from 'zod';
import { flag } from '../../flags';
import { targetFlags, targetOf } from '../../target';
import { CliError, defineVerb, type VerbContext } from '../../verb';

/** Flags that only mean something with --worktree. */
const WORKTREE_ONLY = ['branch', 'base', 'approve-setup', 'no-setup'] as const;

/** Shows the setup command the server refused to run unapproved, then the refusal itself. */
async function explainSetup(
  ctx: VerbContext<{ target?: string }>,
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

export const agentsNewVerb = defineVerb({
  path: ['agents', 'new'],
  response: 'rozi',
  summary: 'start an agent in a new tab, with --worktree on its own branch in a new git worktree',
  help: "the worktree is made of the target pane's repository (or --cwd DIR's), beside it unless [worktrees] dir says where.\nA setup command (.rozi/setup, or [worktrees] setup) runs first, in the pane, once you approved its content: --approve-setup SHA256 as printed.",
  flags: z
    .object({
      ...targetFlags,
      worktree: flag.boolean({ short: 'w', description: 'give the agent its own git worktree and branch' }),
      branch: flag.string({
        short: 'b',
        value: 'NAME',
        description: 'the new branch (default rozi/<program>-<hex>)',
      }),
      base: flag.string({
        value: 'REF',
        description: "what the branch starts from (default: the checkout's branch)",
      }),
      'approve-setup': flag.string({
        value: 'SHA256',
        description: "approve the project's setup command with this content digest",
      }),
      'no-setup': flag.boolean({
        description: "make the worktree without running the project's setup command",
      }),
      cwd: flag.string({
        short: 'c',
        value: 'DIR',
        description: "the repository (default: the target pane's directory)",
      }),
      title: flag.string({
        value: 'NAME',
        description: 'name shown for the pane until the agent sets a title',
      }),
      'no-focus': flag.boolean({ description: 'leave the focus where it is' }),
    })
    .superRefine((o, c) => {
      if (o.worktree === true) return;
      const stray = WORKTREE_ONLY.find((name) => o[name] !== undefined);
      if (stray) c.addIssue({ code: 'custom', message: `--${stray} goes with --worktree` });
    }),
  takesArgv: true,
  async run(ctx) {
    const argv = ctx.args.argv;
    if (!argv || argv.length === 0)
      throw new CliError('usage', 'agents new needs the agent: --argv PROGRAM ARG…');
    const o = ctx.opts;
    const cwd = o.cwd === undefined ? undefined : resolve(ctx.io.cwd, o.cwd);
    if (o.worktree !== true) {
      const t = targetOf(ctx);
      const r = await callServer(ctx.io.env, 'panes.newTab', {
        session: t.session,
        select: o['no-focus'] !== true,
        argv,
        cwd,
        title: o.title,
      });
      ctx.print(r.pane, () => `pane ${r.pane.id} in tab ${r.tab}: ${argv.join(' ')}`);
      return 0;
    }
    const base = o.base;
    let r;
    try {
      r = await callServer(ctx.io.env, 'worktrees.launch', {
        ...targetOf(ctx),
        cwd,
        base,
        argv,
        branch: o.branch,
        approveSetup: o['approve-setup'],
        skipSetup: o['no-setup'] === true,
        title: o.title,
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
});
