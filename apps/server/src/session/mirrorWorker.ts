// Entry of the mirror worker thread (started by mirrorClient.ts through bin/mirror-worker.mjs):
// wires mirrorHost.ts to the thread's port. One worker serves every pane of its pool.
import { parentPort } from 'node:worker_threads';
import { MirrorHost } from './mirrorHost';
import type { ToWorker } from './mirrorProtocol';

const port = parentPort;
if (!port) throw new Error('mirrorWorker.ts runs only as a worker thread (session/mirrorClient.ts)');
const host = new MirrorHost((message, transfer) => port.postMessage(message, transfer));
port.on('message', (m: ToWorker) => host.handle(m));
