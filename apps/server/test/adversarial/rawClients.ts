// Clients that speak the server's three doors byte by byte, without the politeness of a real
// browser or the CLI: a raw HTTP request, a raw WebSocket text frame, a raw control-socket line.
// Each returns what came back (or that nothing did within a bound), so a test can tell an answer
// from a hang.
import { connect } from 'node:net';
import WebSocket from 'ws';
import type { TestServer } from '../harness';

export interface RawReply {
  /** The whole response text ('' when the peer closed without a word). */
  text: string;
  status: number | null;
  timedOut: boolean;
}

/** Sends `head` (request line + headers, CRLF-separated, no final blank line) and reads the reply. */
export function rawHttp(port: number, head: string, timeoutMs = 5000): Promise<RawReply> {
  return new Promise((resolve) => {
    let text = '';
    let done = false;
    const finish = (timedOut: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sock.destroy();
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ text, status: m ? Number(m[1]) : null, timedOut });
    };
    const sock = connect(port, '127.0.0.1', () => sock.write(`${head}\r\nConnection: close\r\n\r\n`));
    const timer = setTimeout(() => finish(true), timeoutMs);
    sock.setEncoding('latin1');
    sock.on('data', (d: string) => (text += d));
    sock.on('close', () => finish(false));
    sock.on('error', () => finish(false));
  });
}

/** Opens an authenticated /ws, sends each text frame, and collects the JSON replies for a while. */
export async function wsFrames(s: TestServer, frames: string[], settleMs = 300): Promise<unknown[]> {
  const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, {
    headers: { Cookie: `rozi_${s.port}=${s.token}` },
    origin: s.origin,
  });
  const replies: unknown[] = [];
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.on('message', (d: Buffer, binary: boolean) => {
    if (!binary) replies.push(JSON.parse(d.toString()));
  });
  for (const f of frames) ws.send(f);
  await new Promise((r) => setTimeout(r, settleMs));
  ws.close();
  return replies;
}

/** Sends raw lines on the control socket and collects the reply lines until `expect` replies came. */
export function controlLines(socketPath: string, lines: string[], expect: number): Promise<string[]> {
  const timeoutMs = 5000;
  return new Promise((resolve) => {
    const out: string[] = [];
    let buf = '';
    const sock = connect(socketPath, () => sock.write(lines.map((l) => `${l}\n`).join('')));
    const timer = setTimeout(() => {
      sock.destroy();
      resolve(out);
    }, timeoutMs);
    sock.setEncoding('utf8');
    sock.on('data', (d: string) => {
      buf += d;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        out.push(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
      }
      if (out.length >= expect) {
        clearTimeout(timer);
        sock.destroy();
        resolve(out);
      }
    });
    sock.on('error', () => {
      clearTimeout(timer);
      resolve(out);
    });
  });
}
