// One control-socket connection carrying several requests (control/wire.ts ids): a long-lived
// subscription plus calls made while it runs. `rozi sidebar publish` uses it so that its snapshots
// and the clicks reported back to it share the connection whose end means "this producer stopped".
import type { Socket } from 'node:net';
import type { ControlReply } from '../control/wire';
import { connect, lines } from './controlClient';
import type { CallPath, InputArg, InputOf, ItemOf, OutputOf, StreamPath } from './procedureTypes';
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
      const gone = new CliError('no-server', 'the rozi server closed the connection');
      for (const p of this.pending.values()) p.reject(gone);
      for (const s of this.streams.values()) s.onEnd(gone);
      this.pending.clear();
      this.streams.clear();
    });
  }

  static async open(env: NodeJS.ProcessEnv): Promise<ControlChannel> {
    return new ControlChannel(await connect(env));
  }

  /** Calls one query or mutation over this connection (typed like controlClient's callServer). */
  call<P extends CallPath>(path: P, ...args: InputArg<P>): Promise<OutputOf<P>> {
    const input = args[0];
    if (this.closed)
      return Promise.reject(new CliError('no-server', 'the rozi server closed the connection'));
    const id = this.nextId++;
    return new Promise<OutputOf<P>>((resolve, reject) => {
      this.pending.set(id, { resolve: (d) => resolve(d as OutputOf<P>), reject });
      this.socket.write(JSON.stringify({ id, path, input }) + '\n');
    });
  }

  /** Starts a subscription; `onEnd` gets the failure, if it failed, once it is over. */
  subscribe<P extends StreamPath>(o: {
    path: P;
    input: InputOf<P>;
    onItem(item: ItemOf<P>): void;
    onEnd(err?: CliError): void;
  }): void {
    const id = this.nextId++;
    this.streams.set(id, { onItem: (item) => o.onItem(item as ItemOf<P>), onEnd: o.onEnd });
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
      return stream.onEnd('ok' in r && !r.ok ? CliError.fromServer(r.error) : undefined);
    }
    const call = this.pending.get(r.id);
    if (!call || !('ok' in r)) return;
    this.pending.delete(r.id);
    if (r.ok) call.resolve(r.data);
    else call.reject(CliError.fromServer(r.error));
  }
}
