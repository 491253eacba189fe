// The throughput workloads of the browser benches (`seq 1 N` and peerbench's coloured lines) and
// the in-page code that times them, shared by bench/web-terminal.mjs (rozi against wetty) and
// bench/seq-profile.mjs (where the page's main thread goes during them).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Smallest N whose `seq 1 N` output reaches `bytes`; returns N and the exact byte count. */
export function seqFor(bytes) {
  let total = 0;
  let n = 0;
  for (let digits = 1; ; digits++) {
    const first = 10 ** (digits - 1);
    const count = 9 * first;
    const size = count * (digits + 1);
    if (total + size >= bytes) {
      const extra = Math.ceil((bytes - total) / (digits + 1));
      return { n: n + extra, bytes: total + extra * (digits + 1) };
    }
    total += size;
    n += count;
  }
}

/** peerbench's coloured workload (gen-colour.mjs): 70 visible columns in 7 SGR-coloured segments a
 * line, reset at the end; as many lines as reach `bytes`. Returns the file and its byte count. */
export function colourFile(bytes) {
  const words = ['alpha', 'bravo', 'charl', 'delta', 'echoo', 'foxtr', 'golfx', 'hotel', 'india', 'julie'];
  const parts = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    let line = '';
    for (let j = 0; j < 7; j++) {
      const k = (i * 7 + j) % 16;
      const sgr = k < 8 ? `\x1b[${(i + j) & 1 ? 1 : 22};3${k}m` : `\x1b[38;5;${(i * 13 + j * 29) % 256}m`;
      const seg =
        j === 0
          ? `${String(i).padStart(9, '0')} `
          : `${words[(i + j) % 10]} ${String((i * j) % 10000).padStart(4, '0')}`;
      line += sgr + seg.padEnd(10).slice(0, 10);
    }
    line += '\x1b[0m\n';
    parts.push(line);
    size += Buffer.byteLength(line);
  }
  const dir = mkdtempSync(join(tmpdir(), 'rozi-bench-colour-'));
  const file = join(dir, 'colour.txt');
  writeFileSync(file, parts.join(''));
  return { file, bytes: size, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

// In-page measuring code (runs in the browser; `pick` returns the xterm Terminal).

export const PICK = {
  rozi: `() => { const m = window.__roziTerminals; return m && m.size ? [...m.values()][0] : null; }`,
  wetty: `() => window.wetty_term || null`,
};

export async function pageReady(page, pick) {
  await page.waitForFunction(
    `(${pick})() !== null && (() => { const t = (${pick})(); const b = t.buffer.active; for (let y = 0; y < t.rows; y++) { const l = b.getLine(b.viewportY + y); if (l && /[#$] ?$/.test(l.translateToString(true))) return true; } return false; })()`,
    null,
    { timeout: 60_000, polling: 'raf' },
  );
}

/**
 * Runs `command` (its output ends with the marker line) and resolves when a frame has painted the
 * marker: { ms, idleMs }, idleMs being the time the terminal's parser had nothing to parse (every
 * `write` handed to xterm had called back and no new one had come) between the first and last byte.
 */
export async function throughput(page, pick, { command, marker, limitS = 300 }) {
  return page.evaluate(
    `(async () => {
      const t = (${pick})();
      const b = t.buffer.active;
      const seen = () => { for (let y = 0; y < t.rows; y++) { const l = b.getLine(b.viewportY + y); if (l && l.translateToString(true) === ${JSON.stringify(marker)}) return true; } return false; };
      const write = t.write;
      let pending = 0, idleSince = null, idle = 0, lastIdle = 0;
      t.write = function (data, cb) {
        if (pending === 0 && idleSince !== null) { lastIdle = performance.now() - idleSince; idle += lastIdle; }
        pending++;
        return write.call(this, data, () => { pending--; if (pending === 0) idleSince = performance.now(); if (cb) cb(); });
      };
      const start = performance.now();
      t.input(${JSON.stringify(command)}, true);
      try {
        return await new Promise((resolve, reject) => {
          const deadline = start + ${limitS * 1000};
          const frame = () => {
            // The gap before the marker's own write is the program ending, not the pipe.
            if (seen()) return resolve({ ms: performance.now() - start, idleMs: idle - lastIdle });
            if (performance.now() > deadline) return reject(new Error('end marker not painted within ${limitS} s'));
            requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        });
      } finally {
        t.write = write;
      }
    })()`,
  );
}

export function workloadCommand(kind, o) {
  const marker = `END-${Date.now()}`;
  const echo = `echo ${marker.slice(0, 4)}""${marker.slice(4)}`;
  const body = kind === 'seq' ? `seq 1 ${o.seq.n}` : `cat '${o.colour.file}'`;
  return {
    command: `clear; ${body}; ${echo}\r`,
    marker,
    bytes: kind === 'seq' ? o.seq.bytes : o.colour.bytes,
  };
}
