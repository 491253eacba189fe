// The control socket serves three protocols: the CLI's JSON lines (wire.ts); for a connection
// that begins with the host link's preamble (link/linkProtocol.ts), the binary host link; and for
// one that begins with the adoption preamble, a relay asking the server to take its ssh stdio
// (host/stdioAdoption.ts). A JSON line cannot begin with NUL, so the first bytes decide; they are
// handed back unread to whichever handler takes the connection.
import type { Socket } from 'node:net';
import { LINK_ADOPT_PREAMBLE, LINK_PREAMBLE } from '../link/linkProtocol';

export type SniffedKind = 'link' | 'adopt';

const PREAMBLES: Array<[SniffedKind, Buffer]> = [
  ['link', Buffer.from(LINK_PREAMBLE, 'utf8')],
  ['adopt', Buffer.from(LINK_ADOPT_PREAMBLE, 'utf8')],
];

export function sniffConnection(
  socket: Socket,
  o: { control(): void; link(rest: Buffer, kind: SniffedKind): void },
): void {
  let head = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    head = Buffer.concat([head, chunk]);
    let prefixOfAny = false;
    for (const [kind, preamble] of PREAMBLES) {
      const n = Math.min(head.length, preamble.length);
      if (!head.subarray(0, n).equals(preamble.subarray(0, n))) continue;
      if (head.length >= preamble.length) return settle(kind, preamble.length);
      prefixOfAny = true;
    }
    if (!prefixOfAny) settle(null, 0);
  };
  const settle = (kind: SniffedKind | null, skip: number) => {
    socket.off('data', onData);
    socket.pause();
    if (kind) return o.link(head.subarray(skip), kind);
    socket.unshift(head);
    o.control();
    socket.resume();
  };
  socket.on('data', onData);
}
