// Every error code and every exit code of rozi web, in one table. An error code is what a failure
// is called on every transport (HTTP's `roziCode`, the control socket's `error.code`, the CLI's
// `--format json`); its row says which exit code the CLI leaves with and which tRPC code (so which
// HTTP status) the browser sees. Codes are kebab-case and never change meaning: add rows, never
// renumber an exit code (scripts branch on them; README "Exit codes" is this table in prose).
import type { ActionErrorCode, InstallErrorCode } from '@rozi/extensions/node';

/** One meaning per number. 1 and 2 are also rozi's `pick` exits (cancelled, transport failure). */
export const EXIT = {
  ok: 0,
  /** The request was refused or failed, or a person cancelled a picker or prompt: nothing was done. */
  failed: 1,
  /** The command line is wrong (unknown verb or flag, bad value); for `pick`, the stream broke. */
  usage: 2,
  /** No rozi server answers on the control socket. */
  noServer: 3,
  /** `--timeout` passed before the awaited state was reached. */
  timedOut: 4,
  /** The agent left the pane, or the pane closed, first. */
  gone: 5,
  /** A different agent process now occupies the pane a `--ref` named. */
  replaced: 6,
  /** What the caller holds is from an earlier state: a stale `--ref`, a retired extension generation. */
  stale: 7,
  /** `agents prompt` refused before writing a byte: the agent is blocked, or working. */
  refused: 8,
  /** No agent is detected in the pane. */
  noAgent: 9,
  /** `rozi server` could not start (port taken or refused, web app not built, socket failed). */
  startFailed: 10,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** tRPC's codes we answer with (each fixes an HTTP status in @trpc/server). */
type TrpcCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'TIMEOUT'
  | 'CLIENT_CLOSED_REQUEST'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

interface CodeRow {
  exit: ExitCode;
  http: TrpcCode;
}

const row = (exit: ExitCode, http: TrpcCode): CodeRow => ({ exit, http });

export const ERROR_CODES = {
  // The CLI's own.
  usage: row(EXIT.usage, 'BAD_REQUEST'),
  'no-server': row(EXIT.noServer, 'SERVICE_UNAVAILABLE'),
  exists: row(EXIT.failed, 'CONFLICT'),
  /** The control socket is not in a private directory of this user (control/socketTrust.ts). */
  'untrusted-socket': row(EXIT.failed, 'FORBIDDEN'),
  'missing-python': row(EXIT.failed, 'PRECONDITION_FAILED'),
  'unknown-agent': row(EXIT.failed, 'NOT_FOUND'),
  // Workspace operations (session/errors.ts) and the transports.
  'not-found': row(EXIT.failed, 'NOT_FOUND'),
  invalid: row(EXIT.failed, 'BAD_REQUEST'),
  conflict: row(EXIT.failed, 'CONFLICT'),
  'spawn-failed': row(EXIT.failed, 'INTERNAL_SERVER_ERROR'),
  unauthorized: row(EXIT.failed, 'UNAUTHORIZED'),
  internal: row(EXIT.failed, 'INTERNAL_SERVER_ERROR'),
  // The extension host (extensions/hostError.ts).
  'not-permitted': row(EXIT.failed, 'FORBIDDEN'),
  /** A placed process's pane command while its session is not on screen (host/placedGate.ts). */
  'out-of-scope': row(EXIT.failed, 'FORBIDDEN'),
  /** Why a placed contribution cannot run on a host (spec 003 "Availability"; remotePlacement.ts). */
  'no-session': row(EXIT.failed, 'PRECONDITION_FAILED'),
  'missing-executable': row(EXIT.failed, 'PRECONDITION_FAILED'),
  'bundle-failed': row(EXIT.failed, 'INTERNAL_SERVER_ERROR'),
  'runtime-unreachable': row(EXIT.failed, 'SERVICE_UNAVAILABLE'),
  'runtime-unsupported': row(EXIT.failed, 'PRECONDITION_FAILED'),
  'unsupported-platform': row(EXIT.failed, 'PRECONDITION_FAILED'),
  'stale-generation': row(EXIT.stale, 'PRECONDITION_FAILED'),
  'extension-not-loaded': row(EXIT.stale, 'PRECONDITION_FAILED'),
  unavailable: row(EXIT.failed, 'SERVICE_UNAVAILABLE'),
  'no-browser': row(EXIT.failed, 'PRECONDITION_FAILED'),
  'picker-open': row(EXIT.failed, 'CONFLICT'),
  'overlay-open': row(EXIT.failed, 'CONFLICT'),
  // The action invoker (@rozi/extensions actions.ts).
  'invalid-args': row(EXIT.failed, 'BAD_REQUEST'),
  'payload-too-large': row(EXIT.failed, 'PAYLOAD_TOO_LARGE'),
  'too-many-calls': row(EXIT.failed, 'TOO_MANY_REQUESTS'),
  'already-running': row(EXIT.failed, 'CONFLICT'),
  'nesting-too-deep': row(EXIT.failed, 'BAD_REQUEST'),
  'caller-ended': row(EXIT.failed, 'CLIENT_CLOSED_REQUEST'),
  deadline: row(EXIT.timedOut, 'TIMEOUT'),
  cancelled: row(EXIT.failed, 'CLIENT_CLOSED_REQUEST'),
  'action-failed': row(EXIT.failed, 'INTERNAL_SERVER_ERROR'),
  'bad-output': row(EXIT.failed, 'INTERNAL_SERVER_ERROR'),
  'invalid-result': row(EXIT.failed, 'INTERNAL_SERVER_ERROR'),
  'stdout-open': row(EXIT.failed, 'INTERNAL_SERVER_ERROR'),
  // Installing, updating and removing extensions (@rozi/extensions install.ts).
  'bad-source': row(EXIT.failed, 'BAD_REQUEST'),
  'git-failed': row(EXIT.failed, 'INTERNAL_SERVER_ERROR'),
  timeout: row(EXIT.timedOut, 'TIMEOUT'),
  'too-large': row(EXIT.failed, 'PAYLOAD_TOO_LARGE'),
  'invalid-manifest': row(EXIT.failed, 'BAD_REQUEST'),
  'unsafe-link': row(EXIT.failed, 'BAD_REQUEST'),
  'already-installed': row(EXIT.failed, 'CONFLICT'),
  'not-installed': row(EXIT.failed, 'NOT_FOUND'),
  'not-updatable': row(EXIT.failed, 'PRECONDITION_FAILED'),
  // A remote host's link (link/linkCallError.ts).
  'host-unreachable': row(EXIT.failed, 'SERVICE_UNAVAILABLE'),
  'host-timeout': row(EXIT.timedOut, 'TIMEOUT'),
  // `rozi server` start failures (server/start.ts).
  'port-in-use': row(EXIT.startFailed, 'INTERNAL_SERVER_ERROR'),
  'port-denied': row(EXIT.startFailed, 'INTERNAL_SERVER_ERROR'),
  'host-refused': row(EXIT.startFailed, 'INTERNAL_SERVER_ERROR'),
  'socket-failed': row(EXIT.startFailed, 'INTERNAL_SERVER_ERROR'),
  'listen-failed': row(EXIT.startFailed, 'INTERNAL_SERVER_ERROR'),
  'web-not-built': row(EXIT.startFailed, 'INTERNAL_SERVER_ERROR'),
  // Agents: outcomes of wait/prompt/get/read (status/agentWaits.ts, status/promptFence.ts).
  'timed-out': row(EXIT.timedOut, 'TIMEOUT'),
  gone: row(EXIT.gone, 'NOT_FOUND'),
  replaced: row(EXIT.replaced, 'CONFLICT'),
  'stale-ref': row(EXIT.stale, 'PRECONDITION_FAILED'),
  blocked: row(EXIT.refused, 'CONFLICT'),
  working: row(EXIT.refused, 'CONFLICT'),
  'no-agent': row(EXIT.noAgent, 'NOT_FOUND'),
  // Answers to a blocked agent (agents answer, the inbox), refused before writing a byte.
  'not-blocked': row(EXIT.refused, 'CONFLICT'),
  changed: row(EXIT.refused, 'CONFLICT'),
  answered: row(EXIT.refused, 'CONFLICT'),
  unreadable: row(EXIT.refused, 'CONFLICT'),
  'no-choice': row(EXIT.usage, 'BAD_REQUEST'),
  'needs-text': row(EXIT.usage, 'BAD_REQUEST'),
  'bad-text': row(EXIT.usage, 'BAD_REQUEST'),
  empty: row(EXIT.usage, 'BAD_REQUEST'),
  'too-long': row(EXIT.usage, 'BAD_REQUEST'),
  'control-char': row(EXIT.usage, 'BAD_REQUEST'),
  'write-failed': row(EXIT.failed, 'INTERNAL_SERVER_ERROR'),
  // Agent worktrees (worktrees/worktreeError.ts): refused before anything was written.
  'not-a-repo': row(EXIT.failed, 'PRECONDITION_FAILED'),
  'branch-exists': row(EXIT.failed, 'CONFLICT'),
  dirty: row(EXIT.failed, 'CONFLICT'),
  'setup-unapproved': row(EXIT.failed, 'PRECONDITION_FAILED'),
  'worktree-missing': row(EXIT.failed, 'NOT_FOUND'),
  'unsupported-repo': row(EXIT.failed, 'PRECONDITION_FAILED'),
  'merge-conflict': row(EXIT.failed, 'CONFLICT'),
  'no-gh': row(EXIT.failed, 'PRECONDITION_FAILED'),
  'gh-failed': row(EXIT.failed, 'PRECONDITION_FAILED'),
} as const satisfies Record<string, CodeRow>;

export type ErrorCode = keyof typeof ERROR_CODES;

// The codes of @rozi/extensions' own errors all have rows: one added there without a row here
// fails to compile on this line.
const packageCodesCovered: readonly ErrorCode[] = [] as (ActionErrorCode | InstallErrorCode)[];
void packageCodesCovered;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}

/** The exit code for a failure with this code; a code from elsewhere (a newer host) is a failure. */
export function exitCodeOf(code: string): ExitCode {
  return isErrorCode(code) ? ERROR_CODES[code].exit : EXIT.failed;
}

/** The tRPC code (hence HTTP status) for a failure with this code. */
export function trpcCodeOf(code: string): TrpcCode {
  return isErrorCode(code) ? ERROR_CODES[code].http : 'INTERNAL_SERVER_ERROR';
}
