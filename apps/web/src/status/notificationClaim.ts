// Delivers a desktop notification once per browser profile, however many rozi tabs are open:
// each tab that sees a transition tries to claim it in localStorage after a short random delay,
// and tells the others over a BroadcastChannel the moment it does. A tab that finds the claim
// already taken stays quiet.

const CLAIM_PREFIX = 'rozi.notify.claim.';
const CLAIM_TTL_MS = 60_000;
const CHANNEL = 'rozi-notify';

let channel: BroadcastChannel | null = null;
const claimedElsewhere = new Set<string>();

function ensureChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<{ claimed?: string }>) => {
    if (e.data?.claimed) claimedElsewhere.add(e.data.claimed);
  };
  return channel;
}

function sweep(now: number): void {
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (!key?.startsWith(CLAIM_PREFIX)) continue;
    const at = Number(localStorage.getItem(key));
    if (!Number.isFinite(at) || now - at > CLAIM_TTL_MS) localStorage.removeItem(key);
  }
}

/** Resolves true in exactly one tab of this profile for a given transition id. */
export async function claimNotification(id: string): Promise<boolean> {
  ensureChannel();
  // Tabs see the same server event within milliseconds; a jitter spreads their attempts so the
  // first one's claim (and broadcast) is visible to the rest.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 120));
  if (claimedElsewhere.has(id)) return false;
  try {
    const key = CLAIM_PREFIX + id;
    if (localStorage.getItem(key) !== null) return false;
    localStorage.setItem(key, String(Date.now()));
    sweep(Date.now());
  } catch {
    // No storage: fall back to the channel alone.
  }
  channel?.postMessage({ claimed: id });
  return true;
}
