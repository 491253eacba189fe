// Close-on-exec for descriptors Node did not open itself (node-pty's PTY masters): a tiny native
// addon (src/cloexec.c, built by node-gyp on npm install). libuv opens its own descriptors with
// O_CLOEXEC; forkpty(3) does not, so every child the server started inherited every pane.
import { createRequire } from 'node:module';

interface Binding {
  setCloseOnExec(fd: number): void;
  isCloseOnExec(fd: number): boolean;
}

const require = createRequire(import.meta.url);

function load(): Binding {
  try {
    return require('../build/Release/cloexec.node') as Binding;
  } catch (err) {
    throw new Error(
      `@rozi/cloexec is not built (${err instanceof Error ? err.message : String(err)}): run npm install`,
    );
  }
}

const binding = load();

/** Marks `fd` close-on-exec: no program the process starts after this inherits it. */
export function setCloseOnExec(fd: number): void {
  binding.setCloseOnExec(fd);
}

export function isCloseOnExec(fd: number): boolean {
  return binding.isCloseOnExec(fd);
}
