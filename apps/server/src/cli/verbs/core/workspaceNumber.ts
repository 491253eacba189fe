// The N of switch-workspace / move-to-workspace: a whole number (api/inputs.ts workspaceWord, the
// same schema new-pane/set-layout --workspace use), checked for 1-9 by the server (one message for
// every door); here only that it is a number at all.
import { workspaceWord } from '../../../api/inputs';
import { CliError, type ParsedArgs } from '../../verb';

export function positionalWorkspace(args: ParsedArgs, verb: string): number {
  const raw = args.positionals[0];
  const r = workspaceWord.safeParse(raw);
  if (r.success) return r.data;
  throw new CliError('usage', `${verb} needs a workspace number from 1 to 9, got '${raw ?? ''}'`);
}
