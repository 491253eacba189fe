// The access token: random, kept in a 0600 file in the state dir so a restart keeps browsers'
// cookies valid, compared in constant time. The token is printed once on stdout (the URL) and
// never written to a log.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../persist/atomicWrite';

const TOKEN_RE = /^[0-9a-f]{64}$/;

export function loadOrCreateToken(file: string): string {
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (TOKEN_RE.test(existing)) {
      chmodSync(file, 0o600);
      return existing;
    }
  } catch {
    // No token yet: make one below.
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const token = randomBytes(32).toString('hex');
  writeFileAtomic(file, token + '\n', { mode: 0o600 });
  return token;
}

export function tokenMatches(given: string | undefined | null, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
