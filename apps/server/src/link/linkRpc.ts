// Calls over the host link, both directions (linkProtocol.ts): the client calls the host's
// procedures; the host calls the client's `placed.*` procedures for the processes the client
// placed there. One LinkRpc per link end: ids it allocates for its own calls, and the calls it
// serves for the peer, each with an AbortController so a closed link cancels everything it ran.
import { describeError } from '../api/errorShape';
import { LinkCallError } from './linkCallError';
import type { LinkMessage } from './linkProtocol';

export { LinkCallError };

export type ServeResult = unknown;
export type LinkServe = (path: string, input: unknown, signal: AbortSignal) => Promise<ServeResult>;

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
  onItem?: (item: unknown) => void;
  timer?: NodeJS.Timeout;
}

export interface LinkSubscription {
  cancel(): void;
  /** Resolves when the peer ends it (or it is cancelled); rejects on failure or a closed link. */
  done: Promise<void>;
}

export class LinkRpc {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly served = new Map<number, AbortController>();
  private closedWith: LinkCallError | null = null;

  constructor(
    private readonly o: {
      send(message: LinkMessage): void;
      /** Serves the peer's calls; absent = every call is refused. */
      serve?: LinkServe;
    },
  ) {}

  call<T = unknown>(path: string, input?: unknown, timeoutMs?: number): Promise<T> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const p: Pending = { resolve: resolve as (v: unknown) => void, reject };
      if (timeoutMs !== undefined) {
        p.timer = setTimeout(() => {
          this.pending.delete(id);
          this.o.send({ t: 'cancel', id });
          reject(new LinkCallError('host-timeout', `the host did not answer ${path} within ${timeoutMs} ms`));
        }, timeoutMs);
      }
      this.pending.set(id, p);
      this.o.send({ t: 'call', id, path, input });
    });
  }

  subscribe(path: string, input: unknown, onItem: (item: unknown) => void): LinkSubscription {
    const id = this.nextId++;
    let cancel = () => undefined as void;
    const done = new Promise<void>((resolve, reject) => {
      if (this.closedWith) return reject(this.closedWith);
      this.pending.set(id, { resolve: () => resolve(), reject, onItem });
      this.o.send({ t: 'call', id, path, input });
      cancel = () => {
        if (!this.pending.delete(id)) return;
        this.o.send({ t: 'cancel', id });
        resolve();
      };
    });
    return { cancel: () => cancel(), done };
  }

  /** Takes the RPC messages; returns false for any other kind (streams, events). */
  handle(m: LinkMessage): boolean {
    switch (m.t) {
      case 'reply': {
        const p = this.pending.get(m.id);
        if (!p) return true;
        this.pending.delete(m.id);
        if (p.timer) clearTimeout(p.timer);
        if (m.ok) p.resolve(m.data);
        else p.reject(new LinkCallError(m.error.code, m.error.message));
        return true;
      }
      case 'item':
        this.pending.get(m.id)?.onItem?.(m.item);
        return true;
      case 'done': {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        p?.resolve(undefined);
        return true;
      }
      case 'call':
        void this.serveCall(m.id, m.path, m.input);
        return true;
      case 'cancel':
        this.served.get(m.id)?.abort();
        return true;
      default:
        return false;
    }
  }

  /** Fails every pending call and cancels every served one (the link is gone). */
  close(reason: string): void {
    this.closedWith = new LinkCallError('host-unreachable', reason);
    for (const [, p] of this.pending) {
      if (p.timer) clearTimeout(p.timer);
      p.reject(this.closedWith);
    }
    this.pending.clear();
    for (const c of this.served.values()) c.abort();
    this.served.clear();
  }

  private async serveCall(id: number, path: string, input: unknown): Promise<void> {
    if (!this.o.serve) {
      this.o.send({
        t: 'reply',
        id,
        ok: false,
        error: { code: 'not-permitted', message: `${path} is not served here` },
      });
      return;
    }
    const abort = new AbortController();
    this.served.set(id, abort);
    try {
      const result = await this.o.serve(path, input, abort.signal);
      if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
        for await (const item of result as AsyncIterable<unknown>) {
          if (abort.signal.aborted) break;
          this.o.send({ t: 'item', id, item });
        }
        if (!this.closedWith) this.o.send({ t: 'done', id });
      } else if (!abort.signal.aborted) {
        this.o.send({ t: 'reply', id, ok: true, data: result ?? null });
      }
    } catch (err) {
      if (this.closedWith) return;
      if (abort.signal.aborted) this.o.send({ t: 'done', id });
      else this.o.send({ t: 'reply', id, ok: false, error: describeError(err) });
    } finally {
      this.served.delete(id);
    }
  }
}
