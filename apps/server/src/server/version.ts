// This build's version, as a host link hello reports it (link/linkProtocol.ts) and `rozi remote`
// prints it: apps/server/package.json's, read once.
import { readFileSync } from 'node:fs';

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const ROZI_WEB_VERSION = readVersion();
