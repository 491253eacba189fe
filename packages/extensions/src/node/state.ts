// The extension's state directory (spec: Keep state): one per extension id on this machine,
// mode 0700, created before a process starts, kept across updates, reinstalls and removal, and
// deleted only by `remove --purge`.
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export function stateDirOf(stateRoot: string, extension: string): string {
  return join(stateRoot, 'extensions', extension);
}

/** Creates the directory if needed and forces 0700 (mkdir's mode is filtered by the umask). */
export function ensureStateDir(stateRoot: string, extension: string): string {
  const dir = stateDirOf(stateRoot, extension);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}

export function purgeStateDir(stateRoot: string, extension: string): void {
  rmSync(stateDirOf(stateRoot, extension), { recursive: true, force: true });
}
