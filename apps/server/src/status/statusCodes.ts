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
  /** prompt/answer refused before writing a byte: the agent is blocked (prompt), no longer blocked or already answered (answer), or working without --allow-working. */
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

/** Why an answer (agents answer, the inbox's buttons) was refused before any byte was written. */
export type AnswerRefusal =
  | 'gone'
  | 'replaced'
  | 'stale_ref'
  | 'no_agent'
  /** The agent is no longer blocked. */
  | 'not_blocked'
  /** It asks something else than the question the answer names. */
  | 'changed'
  /** Another client answered this question first. */
  | 'answered'
  /** Its choices cannot be read from the screen: open the pane. */
  | 'unreadable'
  | 'no_choice'
  | 'needs_text'
  | 'bad_text'
  | 'write_failed';

export function exitCodeOf(code: WaitOutcomeCode | PromptRefusal | AnswerRefusal): number {
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
    case 'not_blocked':
    case 'changed':
    case 'answered':
    case 'unreadable':
      return STATUS_EXIT.refused;
    case 'no_agent':
      return STATUS_EXIT.no_agent;
    case 'empty':
    case 'too_long':
    case 'control_char':
    case 'no_choice':
    case 'needs_text':
    case 'bad_text':
      return 2;
    case 'write_failed':
      return 1;
  }
}
