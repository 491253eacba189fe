// A failure that crossed the host link: the other end's stable code kept (not-found, invalid,
// not-permitted, …), or the link's own (host-unreachable, host-timeout). No imports, so the error
// description (api/errorShape.ts) can recognise it without an import cycle.

export class LinkCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'LinkCallError';
  }
}
