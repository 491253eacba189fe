// A raw node-pty drain, the ceiling bench/server-throughput.ts measures rozi's PTY → WebSocket path
// against. It runs in a process of its own, as rozi's server does, so its 20 MiB of read buffers
// and its JIT state are not in the process of the WebSocket client it is compared with.
// Usage: node bench/bare-drain.mjs FILE BYTES → prints {"ms":…,"cpuMs":…} once BYTES were read.
import { spawn } from 'node-pty';

const [file, bytesArg] = process.argv.slice(2);
const size = Number(bytesArg);
if (!file || !(size > 0)) {
  console.error('usage: node bench/bare-drain.mjs FILE BYTES');
  process.exit(2);
}
const cpu0 = process.cpuUsage();
const started = performance.now();
let bytes = 0;
const pty = spawn('sh', ['-c', `stty raw -echo; cat '${file}'; sleep 600`], {
  cols: 120,
  rows: 40,
  encoding: null,
});
pty.onData((d) => {
  bytes += d.length;
  if (bytes < size) return;
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(`${JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
  pty.kill();
  process.exit(0);
});
