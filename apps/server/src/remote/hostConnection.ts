// The life of one host's link: connect on demand, and after a drop reconnect with backoff until it
// is back (`reconnecting`, with the reason); failures only the user can fix (host key, login, no
// rozi) park it `offline` with the reason and a slow retry. A clock that jumped (the laptop slept)
// restarts the link at once instead of waiting for ssh's keep-alives to notice the dead socket.
import type { HostState } from '../session/model';
import type { HostLink } from './hostLink';
import type { LinkFailure } from './linkFailure';

export type { HostState };

/** Backoff after a drop: 250 ms doubling to 15 s (a dropped Wi-Fi returns in seconds). */
const BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000, 15_000];
/** Retry of a failure the user must fix (they may fix it without telling us). */
const OFFLINE_RETRY_MS = 60_000;
/** A timer that fires this much later than asked means the machine was asleep. */
const SLEEP_JUMP_MS = 5000;
const WAKE_TICK_MS = 2000;

export interface HostConnectionOptions {
  open(): Promise<HostLink>;
  up(link: HostLink): void;
  down(failure: LinkFailure): void;
  changed(): void;
  log(line: string): void;
  /** Whether to reconnect after a failure (an attached host); a one-off use does not retry. */
  keepTrying(): boolean;
}

export class HostConnection {
  state: HostState = 'idle';
  reason: string | null = null;
  link: HostLink | null = null;
  lastFailure: LinkFailure | null = null;
  /** When the link last came up (ms since epoch). */
  connectedAt: number | null = null;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private opening: Promise<HostLink> | null = null;
  private waiters: Array<{ resolve(l: HostLink): void; reject(f: LinkFailure): void }> = [];
  private wanted = false;
  private readonly wakeTimer: NodeJS.Timeout;
  private lastTick = Date.now();

  constructor(private readonly o: HostConnectionOptions) {
    this.wakeTimer = setInterval(() => this.tick(), WAKE_TICK_MS);
    this.wakeTimer.unref();
  }

  /** The live link, connecting first when needed; rejects with the attempt's failure. */
  connect(): Promise<HostLink> {
    this.wanted = true;
    if (this.link?.open) return Promise.resolve(this.link);
    return new Promise<HostLink>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      if (!this.opening) this.tryOpen();
    });
  }

  /** Stops using the link and stops reconnecting (the host keeps its sessions). */
  disconnect(reason: string): void {
    this.wanted = false;
    this.clearRetry();
    const link = this.link;
    this.link = null;
    this.setState('idle', null);
    link?.close(reason);
  }

  dispose(): void {
    clearInterval(this.wakeTimer);
    this.disconnect('this rozi server is stopping');
  }

  private tryOpen(): void {
    this.clearRetry();
    this.setState(
      this.state === 'connected' || this.attempt > 0 ? 'reconnecting' : 'connecting',
      this.reason,
    );
    const opening = this.o.open();
    this.opening = opening;
    opening.then(
      (link) => {
        this.opening = null;
        if (!this.wanted) {
          link.close('no longer needed');
          return;
        }
        this.link = link;
        this.attempt = 0;
        this.lastFailure = null;
        this.connectedAt = Date.now();
        this.setState('connected', null);
        for (const w of this.waiters.splice(0)) w.resolve(link);
        this.o.up(link);
      },
      (failure: LinkFailure) => {
        this.opening = null;
        this.lastFailure = failure;
        for (const w of this.waiters.splice(0)) w.reject(failure);
        this.scheduleRetry(failure);
      },
    );
  }

  /** The open link ended (called by the owner's `closed` handler). */
  dropped(failure: LinkFailure): void {
    if (this.link === null) return;
    this.link = null;
    this.lastFailure = failure;
    this.o.log(`link to host dropped: ${failure.message}`);
    this.o.down(failure);
    this.scheduleRetry(failure);
  }

  private scheduleRetry(failure: LinkFailure): void {
    if (!this.wanted || !this.o.keepTrying()) {
      this.wanted = false;
      this.setState('offline', failure.message);
      return;
    }
    const delay = failure.permanent
      ? OFFLINE_RETRY_MS
      : (BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)] as number);
    this.attempt++;
    this.setState(failure.permanent ? 'offline' : 'reconnecting', failure.message);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.wanted && !this.opening && !this.link) this.tryOpen();
    }, delay);
    this.retryTimer.unref();
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private setState(state: HostState, reason: string | null): void {
    if (this.state === state && this.reason === reason) return;
    this.state = state;
    this.reason = reason;
    this.o.changed();
  }

  private tick(): void {
    const now = Date.now();
    const late = now - this.lastTick - WAKE_TICK_MS;
    this.lastTick = now;
    if (late < SLEEP_JUMP_MS || !this.wanted) return;
    this.o.log(`the clock jumped ${Math.round(late / 1000)} s (sleep?): restarting the link`);
    if (this.link) this.link.close('restarting the link after sleep');
    else if (!this.opening) {
      this.attempt = 0;
      this.tryOpen();
    }
  }
}
