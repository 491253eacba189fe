// A link clicked in a terminal (spec: Link handlers): extensions' [[link_handlers]] get it first
// (the server picks the handler at click time, with the source pane's context); an unhandled link
// opens in a new browser tab, as before extensions.
import type { RoziClient } from '../api/trpcClient';

export async function openTerminalLink(client: RoziClient, uri: string): Promise<void> {
  try {
    const r = await client.extensions.openLink.mutate({ url: uri });
    if (r.handled) return;
  } catch {
    // No extension host answering (or the request failed): the browser's default still applies.
  }
  window.open(uri, '_blank', 'noopener,noreferrer');
}
