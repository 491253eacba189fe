// Bootstrap of the mirror worker thread (session/mirrorClient.ts starts it): the bundle's
// mirrorWorker entry when dist/ is current (bin/bundled.mjs decides, as for bin/rozi.mjs), else
// the TypeScript source through tsx, registered in this thread since a worker does not inherit
// the main thread's module hooks.
import { bundledEntry } from './bundled.mjs';

const url = bundledEntry('mirrorWorker');
if (url) await import(url);
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/session/mirrorWorker.ts');
}
