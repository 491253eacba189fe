// One control-socket connection carrying several requests (control/wire.ts ids): a long-lived
// subscription plus calls made while it runs. `rozi sidebar publish` uses it so that its snapshots
// and the clicks reported back to it share the connection whose end means "this producer stopped".
import type { Socket } from 'node:net';
import type { ControlReply } from '../control/wire';
import { connect, EXIT_FAILURE, EXIT_NO_SERVER, lines } from './controlClient';
import { CliError } from './verb';

interface Pending {
  resolve(data: unknown): void;
  reject(err: CliError): void;
}

export class ControlChannel {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly streams = new Map<number, { onItem(item: unknown): void; onEnd(err?: CliError): void }>();
  private closed = false;

  private constructor(private readonly socket: Socket) {
    lines(socket, (r) => this.onReply(r));
    socket.once('close', () => {
      this.closed = true;
      const gone = new CliError('no-server', 'the rozi server closed the connection', EXIT_NO_SERVER);
      for (const p of this.pending.values()) p.reject(gone);
      for (const s of this.streams.values()) s.onEnd(gone);
      this.pending.clear();
      this.streams.clear();
    });
  }

  static async open(env: NodeJS.ProcessEnv): Promise<ControlChannel> {
    return new ControlChannel(await connect(env));
  }

  /** Calls one query or mutation over this connection. */
  call<T = unknown>(path: string, input?: unknown): Promise<T> {
    if (this.closed)
      return Promise.reject(
        new CliError('no-server', 'the rozi server closed the connection', EXIT_NO_SERVER),
      );
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: (d) => resolve(d as T), reject });
      this.socket.write(JSON.stringify({ id, path, input }) + '\n');
    });
  }

  /** Starts a subscription; `onEnd` gets the failure, if it failed, once it is over. */
  subscribe(o: {
    path: string;
    input: unknown;
    onItem(item: unknown): void;
    onEnd(err?: CliError): void;
  }): void {
    const id = this.nextId++;
    this.streams.set(id, { onItem: o.onItem, onEnd: o.onEnd });
    this.socket.write(JSON.stringify({ id, path: o.path, input: o.input }) + '\n');
  }

  close(): void {
    this.socket.end();
  }

  private onReply(r: ControlReply): void {
    const stream = this.streams.get(r.id);
    if (stream) {
      if ('item' in r) return stream.onItem(r.item);
      this.streams.delete(r.id);
      return stream.onEnd(
        'ok' in r && !r.ok ? new CliError(r.error.code, r.error.message, EXIT_FAILURE) : undefined,
      );
    }
    const call = this.pending.get(r.id);
    if (!call || !('ok' in r)) return;
    this.pending.delete(r.id);
    if (r.ok) call.resolve(r.data);
    else call.reject(new CliError(r.error.code, r.error.message, EXIT_FAILURE));
  }
}
