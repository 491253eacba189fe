// The N of switch-workspace / move-to-workspace / new-pane --workspace: a whole number, checked for
// 1-9 by the server (one message for every door); here only that it is a number at all.
import { CliError } from '../../verb';

export function workspaceNumber(raw: unknown, verb: string): number {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!/^[+-]?\d+$/.test(text))
    throw new CliError('usage', `${verb} needs a workspace number from 1 to 9, got '${String(raw ?? '')}'`);
  return Number(text);
}
