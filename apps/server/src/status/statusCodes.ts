// Stable outcome codes and exit codes of `rozi agents wait|prompt|get` (README, exit codes).
// Scripts branch on these, so they never change meaning: add new ones, never renumber. 3 is
// the CLI's "no server running" (cli/controlClient.ts), so status outcomes start at 4.
export const STATUS_EXIT = {
  matched: 0,
  /** --timeout passed before the state was reached. */
  timed_out: 4,
  /** The agent left the pane (or the pane closed) before the state was reached. */
  gone: 5,
  /** A different agent process now occupies the pane; the pinned one is gone. */
  replaced: 6,
  /** The --ref belongs to another server run, or its revision is older than the pane's. */
  stale_ref: 7,
  /** prompt refused before writing a byte: the agent is blocked, or working without --allow-working. */
  refused: 8,
  /** No agent is detected in the pane. */
  no_agent: 9,
} as const;

export type WaitOutcomeCode = 'matched' | 'timed_out' | 'gone' | 'replaced' | 'stale_ref';

/** Why a prompt was refused before any byte was written. */
export type PromptRefusal =
  | 'gone'
  | 'replaced'
  | 'stale_ref'
  | 'no_agent'
  | 'blocked'
  | 'working'
  | 'empty'
  | 'too_long'
  /** The text holds a control character (a key such as ^C), which a prompt never writes raw. */
  | 'control_char'
  | 'write_failed';

export function exitCodeOf(code: WaitOutcomeCode | PromptRefusal): number {
  switch (code) {
    case 'matched':
      return STATUS_EXIT.matched;
    case 'timed_out':
      return STATUS_EXIT.timed_out;
    case 'gone':
      return STATUS_EXIT.gone;
    case 'replaced':
      return STATUS_EXIT.replaced;
    case 'stale_ref':
      return STATUS_EXIT.stale_ref;
    case 'blocked':
    case 'working':
      return STATUS_EXIT.refused;
    case 'no_agent':
      return STATUS_EXIT.no_agent;
    case 'empty':
    case 'too_long':
    case 'control_char':
      return 2;
    case 'write_failed':
      return 1;
  }
}
