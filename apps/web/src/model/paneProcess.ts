// Whether closing a pane would end something the user started: anything other than an idle
// shell in the foreground. Same question VS Code asks before killing a terminal.
import type { PaneInfo } from '@rozi/server/model';

const SHELLS = new Set([
  'bash',
  'zsh',
  'fish',
  'sh',
  'dash',
  'ksh',
  'mksh',
  'tcsh',
  'csh',
  'nu',
  'pwsh',
  'elvish',
  'xonsh',
  'login',
]);

export function paneRunsProcess(pane: Pane): boolean {
  if (pane.exited || pane.pid === null) return false;
  const program = pane.foreground_program;
  if (!program) return false;
  return !SHELLS.has(program.replace(/^-/, ''));
}

type Pane = Pick<PaneInfo, 'exited' | 'pid' | 'foreground_program'>;
