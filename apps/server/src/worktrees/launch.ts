// `rozi agents new --worktree` and the launcher's "in a new worktree": plan (every check before
// anything is written), the setup command's approval, `git worktree add`, then the agent's pane
// in a new tab of the source pane's session. An approved setup command runs in that pane before
// the agent, where the person sees it; a failing setup stops there and the pane stays open.
import { basename } from 'node:path';
import type { SessionManager } from '../session/manager';
import type { Pane } from '../session/pane';
import { createWorktree, defaultBranch, planWorktree } from './create';
import { setupAt, type SetupCommand } from './setupApproval';
import { worktreeDir } from './worktreeConfig';
import { WorktreeError } from './worktreeError';
import type { WorktreeService } from './worktreeService';
import type { WorktreeRecord } from './registry';

export interface LaunchWorktreeInput {
  /** The directory whose repository the worktree is made of (the focused pane's cwd). */
  cwd: string;
  /** The agent as a program and its arguments, or `command`: a shell command line (the launcher's). */
  argv?: string[];
  command?: string;
  branch?: string;
  base?: string;
  /** The digest the person approved after reading the setup command. */
  approveSetup?: string;
  /** Make the worktree without running the setup command. */
  skipSetup?: boolean;
  title?: string;
  /** Where the agent's pane opens: a new tab (default), or beside the source pane (row: right, column: down). */
  split?: 'row' | 'column';
}

export interface SetupInfo {
  path: string;
  content: string;
  digest: string;
  approved: boolean;
}

/** The setup command a worktree of `cwd` at `base` would run, for the person to read first. */
export async function setupFor(o: {
  service: WorktreeService;
  cwd: string;
  base?: string;
}): Promise<SetupInfo | null> {
  const plan = await planWorktree({
    cwd: o.cwd,
    branch: defaultBranch('probe'),
    base: o.base,
    dirFor: () => '/nonexistent-rozi-probe',
  });
  return setupAt({
    repo: plan.repo.top,
    commit: plan.baseCommit,
    path: o.service.settings().setup,
    approvals: o.service.approvals,
  });
}

/** `sh -c` that runs the setup command, then execs the agent; the agent never starts after a failure. */
export function wrappedArgv(o: { setupPath: string; argv: string[] }): string[] {
  const script = [
    `printf '\\033[2mrozi: running the approved setup command %s\\033[0m\\n' "$ROZI_SETUP"`,
    `if [ -x "$ROZI_SETUP" ]; then "./$ROZI_SETUP"; else sh "$ROZI_SETUP"; fi`,
    `status=$?`,
    `if [ $status -ne 0 ]; then printf 'rozi: the setup command failed (exit %s); the agent was not started\\n' $status; exit $status; fi`,
    `exec "$@"`,
  ].join('\n');
  return ['/usr/bin/env', `ROZI_SETUP=${o.setupPath}`, 'sh', '-c', script, 'rozi-setup', ...o.argv];
}

function checkApproval(o: {
  service: WorktreeService;
  setup: SetupCommand;
  approve?: string;
  repo: string;
}): void {
  if (o.setup.approved) return;
  if (o.approve === o.setup.digest) {
    o.service.approvals.approve({ digest: o.setup.digest, path: o.setup.path, repo: o.repo });
    return;
  }
  throw new WorktreeError(
    'setup-unapproved',
    o.approve
      ? `--approve-setup ${o.approve.slice(0, 12)}… does not match ${o.setup.path} (sha256 ${o.setup.digest}): read it again`
      : `the project's setup command ${o.setup.path} (sha256 ${o.setup.digest}) has not been approved: read it, then pass --approve-setup ${o.setup.digest} (or --no-setup)`,
  );
}

export async function launchInWorktree(o: {
  service: WorktreeService;
  manager: SessionManager;
  source: Pane;
  input: LaunchWorktreeInput;
  select?: boolean;
}): Promise<{
  record: WorktreeRecord;
  pane: Pane;
  tab: number;
  warnings: string[];
  setup: SetupInfo | null;
  setupRuns: boolean;
}> {
  const { service, input } = o;
  const program = input.argv?.length ? input.argv : input.command?.trim() ? null : undefined;
  if (program === undefined)
    throw new WorktreeError('invalid', 'the agent needs a program (--argv PROGRAM ARG…)');
  const command = input.command?.trim() ?? '';
  const settings = service.settings();
  const branch = input.branch ?? defaultBranch(program?.[0] ?? command.split(/\s+/)[0]);
  const plan = await planWorktree({
    cwd: input.cwd,
    branch,
    base: input.base,
    dirFor: (repo, b) => worktreeDir({ repo, branch: b, dir: settings.dir }),
  });
  const setup = await setupAt({
    repo: plan.repo.top,
    commit: plan.baseCommit,
    path: settings.setup,
    approvals: service.approvals,
  });
  const setupRuns = setup !== null && input.skipSetup !== true;
  if (setup && setupRuns) checkApproval({ service, setup, approve: input.approveSetup, repo: plan.repo.top });
  const record = await createWorktree(plan);
  service.registry.add(record);
  const agentArgv = program ?? ['/bin/sh', '-c', command];
  const run =
    setupRuns && setup
      ? { argv: wrappedArgv({ setupPath: setup.path, argv: agentArgv }) }
      : program
        ? { argv: program }
        : { command };
  const launch = {
    ...run,
    cwd: record.path,
    // The wrapper would otherwise name the pane after env; the agent's name says what runs.
    title: input.title ?? (setupRuns ? basename(program?.[0] ?? command.split(/\s+/)[0] ?? 'agent') : null),
    keepOpen: setupRuns ? true : undefined,
  };
  const { tab, pane } = input.split
    ? {
        tab: { id: o.source.tab },
        pane: o.manager.split(o.source, { direction: input.split, launch, focus: o.select }),
      }
    : o.manager.createTab(o.manager.session(o.source.session.name), {
        name: branch.split('/').pop(),
        launch,
        select: o.select,
      });
  void service.refresh(record);
  return { record, pane, tab: tab.id, warnings: [...settings.warnings, ...plan.warnings], setup, setupRuns };
}
