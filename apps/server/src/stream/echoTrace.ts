// Where a typed key's echo spends its time (bench/remote-hosts.ts, issue 19's echo target): with
// ROZI_ECHO_TRACE=<dir> a server notes the wall-clock time of every one-byte key and one-byte
// echo at each hop it owns (WebSocket in/out, link in/out, PTY output), in <dir>/echo-<pid>.tsv,
// written at most twice a second. Off (the default), each hop pays one boolean test.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.ROZI_ECHO_TRACE;

/** Whether this process notes echo hops (ROZI_ECHO_TRACE is set). */
export const ECHO_TRACE = Boolean(dir);

const lines: string[] = [];
let timer: NodeJS.Timeout | null = null;

/** Notes that a one-byte key or echo (`bytes`) passed `hop` now; longer payloads are not keys. */
export function echoMark(hop: string, bytes: Buffer | string): void {
  if (!dir || bytes.length !== 1) return;
  const ch = typeof bytes === 'string' ? bytes : bytes.toString('latin1');
  lines.push(`${(performance.timeOrigin + performance.now()).toFixed(3)}\t${hop}\t${ch.charCodeAt(0)}`);
  if (timer) return;
  timer = setTimeout(() => {
    timer = null;
    try {
      appendFileSync(join(dir, `echo-${process.pid}.tsv`), lines.splice(0).join('\n') + '\n');
    } catch {
      lines.length = 0; // a trace that cannot be written is not worth keeping
    }
  }, 500);
  timer.unref();
}
