// Expected failures of workspace operations, as values with a stable code (CONVENTIONS.md:
// errors as part of the contract). The API layer maps them onto tRPC codes and the CLI prints the
// message as one line with the code in --format json.

export type RoziErrorCode =
  /** No such session / tab / pane. */
  | 'not-found'
  /** The input is malformed or impossible (bad ratios, missing cwd). */
  | 'invalid'
  /** The name is taken or the state forbids it. */
  | 'conflict'
  /** The PTY could not be started. */
  | 'spawn-failed'
  /** Over a limit of api/limits.ts (one request, text into a pane). */
  | 'too-large';

export class RoziError extends Error {
  constructor(
    readonly code: RoziErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RoziError';
  }
}
