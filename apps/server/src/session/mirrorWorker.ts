// Entry of the mirror worker thread (started by mirrorClient.ts through bin/mirror-worker.mjs):
// wires mirrorHost.ts to the thread's port. One worker serves every pane of its pool.
import { parentPort } from 'node:worker_threads';
import { MirrorHost, WORKER_DUTY_RATIO } from './mirrorHost';
import type { ToWorker } from './mirrorProtocol';

const port = parentPort;
if (!port) throw new Error('mirrorWorker.ts runs only as a worker thread (session/mirrorClient.ts)');
// ROZI_MIRROR_DUTY: the parse's pause ratio (mirrorHost.ts), for bench/server-throughput.ts.
const duty = Number(process.env.ROZI_MIRROR_DUTY);
const host = new MirrorHost(
  (message, transfer) => port.postMessage(message, transfer),
  Number.isFinite(duty) && duty >= 0 ? duty : WORKER_DUTY_RATIO,
);
port.on('message', (m: ToWorker) => host.handle(m));
