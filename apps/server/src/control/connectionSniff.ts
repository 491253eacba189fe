// The control socket serves two protocols: the CLI's JSON lines (wire.ts) and, for a connection
// that begins with the host link's preamble (link/linkProtocol.ts), the binary host link. A JSON
// line cannot begin with NUL, so the first bytes decide; they are handed back unread to whichever
// handler takes the connection.
import type { Socket } from 'node:net';
import { LINK_PREAMBLE } from '../link/linkProtocol';

const PREAMBLE = Buffer.from(LINK_PREAMBLE, 'utf8');

export function sniffConnection(socket: Socket, o: { control(): void; link(rest: Buffer): void }): void {
  let head = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    head = Buffer.concat([head, chunk]);
    const n = Math.min(head.length, PREAMBLE.length);
    if (!head.subarray(0, n).equals(PREAMBLE.subarray(0, n))) return settle(false);
    if (head.length >= PREAMBLE.length) settle(true);
  };
  const settle = (isLink: boolean) => {
    socket.off('data', onData);
    socket.pause();
    if (isLink) return o.link(head.subarray(PREAMBLE.length));
    socket.unshift(head);
    o.control();
    socket.resume();
  };
  socket.on('data', onData);
}
