// Server defaults, kept apart from start.ts so the CLI can name them without loading the server.

/** Default HTTP port of `rozi server` (README). */
export const DEFAULT_PORT = 7420;
/** Lines of scrollback each pane's mirror keeps. */
export const DEFAULT_SCROLLBACK = 5000;
/** Output kept per pane for exact replay on reconnect (protocol.ts). */
export const DEFAULT_RING_BYTES = 2 * 1024 * 1024;
