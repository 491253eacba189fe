// How much one request may carry, the same whichever door it comes through (HTTP, the browser's
// WebSocket, the control socket the CLI uses), and how much text one request may put into a
// pane. Each channel used to pick its own number (1 MiB on the WebSocket, 16 MiB on the socket,
// none on HTTP), so the same send-text worked on one and was cut off on another, and a request
// over the socket's limit saw the connection drop and was reported as "no server".
export const LIMITS = {
  /** One encoded request: an HTTP body, a WebSocket text message, a control-socket line. */
  requestBytes: 4 * 1024 * 1024,
  /** Text typed into a pane by one request: send-text, send-keys, a browser's input message. */
  paneInputBytes: 1024 * 1024,
  /** `agents prompt` text (the spec's 16,384 UTF-8 bytes). */
  promptBytes: 16_384,
} as const;

/** `4 MiB`, `1 MiB`, `16 KiB`: how the limits read in error messages. */
export function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
}

/** `20.0 MB`: how a refused size reads. */
export function formatSize(bytes: number): string {
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${bytes} bytes`;
}

/** The one-line refusal of text over the pane-input limit, or null when it fits. */
export function paneInputRefusal(text: string): string | null {
  const bytes = Buffer.byteLength(text);
  return bytes > LIMITS.paneInputBytes
    ? `the text is ${formatSize(bytes)}; one request types at most ${formatLimit(LIMITS.paneInputBytes)} into a pane (send it in parts)`
    : null;
}
