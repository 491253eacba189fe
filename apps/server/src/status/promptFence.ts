// The fenced prompt: check the pinned identity and state, register the caller's wait, and write
// text + Enter to the PTY, all in one synchronous run so no output, report or exit can slip in
// between the check and the write (single-threaded event loop). Any refusal happens before the
// write function is called: a failed fence writes no byte.
import type { PaneKey } from '../session/model';
import type { AgentWaits, WaitHandle, WaitState } from './agentWaits';
import { encodePrompt, forbiddenControl, MAX_PROMPT_BYTES, promptByteLength } from './promptEncoding';
import type { PromptRefusal } from './statusCodes';
import type { StatusHub } from './statusHub';
import type { AgentRef, StatusRow } from './types';

export interface PromptTarget {
  /** Whether the program enabled bracketed paste (the headless mirror's DECSET 2004 mode). */
  bracketedPaste(): boolean;
  /** Writes to the PTY synchronously (node-pty queues the bytes; nothing else interleaves). */
  write(data: string): void;
}

export interface PromptRequest {
  pane: PaneKey;
  text: string;
  /** From --ref: the exact run and revision the caller observed. Absent = pin the current occupant. */
  ref?: AgentRef;
  allowWorking?: boolean;
  wait?: { until: readonly WaitState[]; timeoutMs: number };
}

export type PromptResult =
  | { ok: true; row: StatusRow; written_bytes: number; wait: WaitHandle | null }
  | { ok: false; code: PromptRefusal; message: string; row: StatusRow | null };

export interface PromptFenceDeps {
  hub: StatusHub;
  waits: AgentWaits;
  target(pane: PaneKey): PromptTarget | undefined;
}

export function fencedPrompt(deps: PromptFenceDeps, req: PromptRequest): PromptResult {
  const refuse = (code: PromptRefusal, message: string, row: StatusRow | null = null): PromptResult => ({
    ok: false,
    code,
    message,
    row,
  });
  if (req.text.length === 0) return refuse('empty', 'prompt text is empty');
  const bytes = promptByteLength(req.text);
  if (bytes > MAX_PROMPT_BYTES)
    return refuse('too-long', `prompt is ${bytes} bytes; the limit is ${MAX_PROMPT_BYTES} UTF-8 bytes`);
  const control = forbiddenControl(req.text);
  if (control !== null)
    return refuse(
      'control-char',
      `prompt text holds the control character U+${control.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}; send keys with rozi send-keys (nothing was sent)`,
    );
  if (req.ref && req.ref.status_epoch !== deps.hub.epoch) {
    return refuse('stale-ref', '--ref is from an earlier server run; read the agent again');
  }
  const row = deps.hub.get(req.pane);
  const target = deps.target(req.pane);
  if (!row || !target) return refuse('gone', 'the pane is gone');
  if (req.ref) {
    if (row.occupant_id === null) return refuse('gone', 'the agent in the --ref has exited', row);
    if (row.occupant_id !== req.ref.occupant_id)
      return refuse('replaced', 'a different agent now runs in the pane; nothing was sent', row);
    if (row.revision > req.ref.revision) {
      return refuse(
        'stale-ref',
        `the agent's state changed since the --ref was read (revision ${req.ref.revision} → ${row.revision}); nothing was sent`,
        row,
      );
    }
  }
  if (row.occupant_id === null || row.state === null)
    return refuse('no-agent', 'no agent is detected in the pane; nothing was sent', row);
  if (row.state === 'blocked')
    return refuse(
      'blocked',
      'the agent is blocked on a question; answer it in the pane (nothing was sent)',
      row,
    );
  if (row.state === 'working' && !req.allowWorking)
    return refuse(
      'working',
      'the agent is working; pass --allow-working to send anyway (nothing was sent)',
      row,
    );

  const data = encodePrompt(req.text, target.bracketedPaste());
  // The fence advances before the write: a --ref read before this prompt (the same one replayed,
  // or another caller's racing on the same observation) no longer matches.
  const sent = deps.hub.advance(req.pane) ?? row;
  // The wait is registered before the write, after the last check: the answer cannot be missed.
  const wait = req.wait
    ? deps.waits.wait({
        pane: req.pane,
        until: req.wait.until,
        timeoutMs: req.wait.timeoutMs,
        occupantId: row.occupant_id,
        afterRevision: sent.revision,
      })
    : null;
  try {
    target.write(data);
  } catch (err) {
    wait?.cancel();
    return refuse(
      'write-failed',
      `writing to the pane failed: ${err instanceof Error ? err.message : String(err)}`,
      sent,
    );
  }
  return { ok: true, row: sent, written_bytes: promptByteLength(data), wait };
}
