// The extension host's expected failures, with stable codes that reach the CLI unchanged
// (api/errorShape.ts reads `code`): stale-generation, not-permitted, not-found, busy, no-browser,
// picker-open, invalid, and the action invoker's codes: rows of contract/codes.ts.
import type { ErrorCode } from '../contract/codes';

export class ExtensionHostError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ExtensionHostError';
  }
}
