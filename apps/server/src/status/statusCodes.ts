// Outcome codes of `rozi agents wait|prompt|get|read`. Each failure code is a row of
// contract/codes.ts, which gives its exit code (README "Exit codes"); `matched` exits 0.
import type { ErrorCode } from '../contract/codes';

export type WaitOutcomeCode = 'matched' | 'timed-out' | 'gone' | 'replaced' | 'stale-ref';

/** Why a prompt was refused before any byte was written. */
export type PromptRefusal =
  | 'gone'
  | 'replaced'
  | 'stale-ref'
  | 'no-agent'
  | 'blocked'
  | 'working'
  | 'empty'
  | 'too-long'
  /** The text holds a control character (a key such as ^C), which a prompt never writes raw. */
  | 'control-char'
  | 'write-failed';

/** Why an answer (agents answer, the inbox's buttons) was refused before any byte was written. */
export type AnswerRefusal =
  | 'gone'
  | 'replaced'
  | 'stale-ref'
  | 'no-agent'
  /** The agent is no longer blocked. */
  | 'not-blocked'
  /** It asks something else than the question the answer names. */
  | 'changed'
  /** Another client answered this question first. */
  | 'answered'
  /** Its choices cannot be read from the screen: open the pane. */
  | 'unreadable'
  | 'no-choice'
  | 'needs-text'
  | 'bad-text'
  | 'write-failed';

// Every failure outcome is a code of the one table (a new one without a row fails to compile).
const outcomesCovered: readonly ErrorCode[] = [] as (
  Exclude<WaitOutcomeCode, 'matched'> | PromptRefusal | AnswerRefusal
)[];
void outcomesCovered;
