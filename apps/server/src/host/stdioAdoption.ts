// The host server takes over the ssh session's stdin/stdout itself (Linux): `rozi host serve
// --stdio` asks on the control socket (LINK_ADOPT_PREAMBLE, then one line `{"pid":N}`), the
// server opens that process's fd 0 and fd 1 through /proc (new descriptions of the same pipes
// sshd made) and runs the link on them, then answers `ok`. From then on every byte goes
// sshd ⇄ server with no relay process copying it (two fewer pipe hops and context switches per
// key and per frame). The relay stays alive, idle, because sshd ends the channel when its child
// exits; it exits when the server ends this connection, which the server does when the link
// ends, and the server ends the link when the relay's connection goes.
//
// Anything unusual answers `no <reason>` and the relay pipes the link as before (serveStdio.ts):
// not Linux, /proc hidden (hidepid) or not readable, a descriptor that is not a pipe (an ssh
// that gives sockets or a tty), a pid that is not a `rozi host serve` of this user.
import { closeSync, constants, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import { Socket } from 'node:net';
import { PipePairTransport, type LinkTransport } from './linkTransport';

/** Bound on the request line: `{"pid":4194304}` and room to spare. */
const MAX_REQUEST = 256;

function openPipe(pid: number, fd: 0 | 1): number {
  // O_NONBLOCK: opening a pipe end whose other side is gone must fail (ENXIO) or return, never
  // block the server's one thread.
  const flags = (fd === 0 ? constants.O_RDONLY : constants.O_WRONLY) | constants.O_NONBLOCK;
  const opened = openSync(`/proc/${pid}/fd/${fd}`, flags);
  if (!fstatSync(opened).isFIFO()) {
    closeSync(opened);
    throw new Error(`its fd ${fd} is not a pipe`);
  }
  return opened;
}

/** Opens the relay's stdin and stdout as a link transport, or says why not. */
export function openRelayStdio(pid: number): LinkTransport {
  if (process.platform !== 'linux') throw new Error('adoption needs Linux /proc');
  if (!Number.isInteger(pid) || pid <= 1) throw new Error('not a process id');
  // Same user only (the socket is 0600 already); and only a relay: a caller naming another
  // process of ours would hand the link that process's stdio.
  if (statSync(`/proc/${pid}`).uid !== process.getuid?.()) throw new Error(`process ${pid} is not ours`);
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  const at = argv.indexOf('host');
  if (at < 0 || argv[at + 1] !== 'serve' || argv[at + 2] !== '--stdio')
    throw new Error(`process ${pid} is not rozi host serve --stdio`);
  const inFd = openPipe(pid, 0);
  let outFd: number;
  try {
    outFd = openPipe(pid, 1);
  } catch (err) {
    closeSync(inFd);
    throw err;
  }
  const input = new Socket({ fd: inFd, readable: true, writable: false });
  const output = new Socket({ fd: outFd, readable: false, writable: true });
  return new PipePairTransport(input, output);
}

/**
 * Serves one adoption request on a control-socket connection (after its preamble): `accept`
 * starts the link on the adopted pipes and returns a way to hear when it closes.
 */
export function serveAdoption(
  socket: Socket,
  head: Buffer,
  o: { accept(t: LinkTransport): { onClose(fn: () => void): void }; log(line: string): void },
): void {
  let buf = head;
  let settled = false;
  const onData = (chunk: Buffer) => {
    buf = Buffer.concat([buf, chunk]);
    const nl = buf.indexOf(10);
    if (nl < 0) {
      if (buf.length > MAX_REQUEST) refuse('the request line is too long');
      return;
    }
    settle(buf.subarray(0, nl).toString('utf8'));
  };
  const refuse = (why: string) => {
    settled = true;
    o.log(`host link: not adopting the relay's ssh stdio (it pipes the link instead): ${why}`);
    socket.off('data', onData);
    socket.end(`no ${why.replace(/\n/g, ' ')}\n`);
  };
  const settle = (line: string) => {
    if (settled) return;
    socket.off('data', onData);
    let transport: LinkTransport;
    try {
      const pid = Number((JSON.parse(line) as { pid?: unknown }).pid);
      transport = openRelayStdio(pid);
    } catch (err) {
      return refuse(err instanceof Error ? err.message : String(err));
    }
    settled = true;
    const link = o.accept(transport);
    // The link ends: let the relay exit, so sshd closes the channel. The relay goes (killed, or
    // its sshd went): end the link, its pipes lead nowhere a client still listens.
    link.onClose(() => socket.end());
    socket.on('close', () => transport.destroy());
    socket.on('error', () => socket.destroy());
    socket.write('ok\n');
  };
  socket.on('data', onData);
  socket.on('error', () => socket.destroy());
  if (head.length) onData(Buffer.alloc(0));
  socket.resume();
}
