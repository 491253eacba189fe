// This page's name for the server's tRPC procedures: the secret its WebSocket's hello carried
// (stream/streamClient.ts sets it on every hello), sent as the `x-rozi-client` header so the
// server refuses a follower page's layout changes itself (rozi: followers are read-only for layout).
let current: string | null = null;

export function setPageToken(token: string | null): void {
  current = token;
}

/** The header every tRPC call carries once the page's socket has said hello. */
export function pageHeaders(): Record<string, string> {
  return current ? { 'x-rozi-client': current } : {};
}
