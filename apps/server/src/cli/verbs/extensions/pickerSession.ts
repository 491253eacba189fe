// The CLI side of a picker round trip (rozi pick, rozi prompt): opens extensions.pick as a
// subscription, reports the picker id once opened (for row updates), and each answer. Exit codes
// (spec): 0 chosen, 1 cancelled, 2 transport failure — which includes "no browser attached"
// and "a picker is already open": nothing was shown to the user.
import type { PickerResult } from '../../../events/types';
import { subscribeServer } from '../../controlClient';
import { CliError } from '../../verb';
import { EXIT } from '../../../contract/codes';
import { callerOf } from './extensionCall';

export const EXIT_PICK_CANCELLED = EXIT.failed;
export const EXIT_PICK_TRANSPORT = EXIT.usage;

export type PickItem = { type: 'opened'; id: string } | { type: 'action' | 'result'; result: PickerResult };

export async function runPicker(
  env: NodeJS.ProcessEnv,
  request: Record<string, unknown>,
  onItem: (item: PickItem) => void,
): Promise<void> {
  try {
    await subscribeServer(
      env,
      { path: 'extensions.pick', input: { ...request, caller: callerOf(env) } },
      (item) => {
        onItem(item as PickItem);
        return (item as PickItem).type !== 'result';
      },
    );
  } catch (err) {
    // A retired generation keeps its own exit (the process should stop); anything else is
    // rozi's transport failure.
    if (err instanceof CliError && err.exitCode !== EXIT.stale)
      throw new CliError(err.code, err.message, { exitCode: EXIT_PICK_TRANSPORT });
    throw err;
  }
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream)
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return text;
}
