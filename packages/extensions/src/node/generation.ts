// Generation tokens (spec: Runtime environment; DESIGN.md: Identity, ordering, fencing). Each
// load of an extension gets an opaque token in ROZI_EXTENSION_GENERATION; the rozi CLI sends it
// back with every request. A process-facing change, disable/enable or removal retires the token,
// and any request still carrying it is refused with EXIT_STALE_GENERATION so an old process
// stops acting instead of retrying.
import { randomBytes } from 'node:crypto';

/**
 * Exit code of a rozi verb refused because its extension generation was retired: the server's
 * EXIT.stale (apps/server/src/contract/codes.ts; extensions-runtime.test.ts holds them equal).
 */
export const EXIT_STALE_GENERATION = 7;

export type GenerationCheck =
  | { ok: true }
  | { ok: false; code: 'stale-generation' | 'extension-not-loaded'; message: string; exitCode: number };

export class GenerationTable {
  private readonly live = new Map<string, string>();
  private counter = 0;

  /** A new token for the extension; the previous one (if any) is retired. */
  rotate(extension: string): string {
    this.counter += 1;
    const token = `${this.counter.toString(36)}-${randomBytes(6).toString('hex')}`;
    this.live.set(extension, token);
    return token;
  }

  current(extension: string): string | undefined {
    return this.live.get(extension);
  }

  /** Disable/remove: no token is live until the next load. */
  retire(extension: string): void {
    this.live.delete(extension);
  }

  check(extension: string, token: string): GenerationCheck {
    const live = this.live.get(extension);
    if (live === undefined) {
      return {
        ok: false,
        code: 'extension-not-loaded',
        message: `extension '${extension}' is not loaded; this process belongs to a retired generation and should exit`,
        exitCode: EXIT_STALE_GENERATION,
      };
    }
    if (live !== token) {
      return {
        ok: false,
        code: 'stale-generation',
        message: `extension '${extension}' was reloaded; this process belongs to a retired generation and should exit`,
        exitCode: EXIT_STALE_GENERATION,
      };
    }
    return { ok: true };
  }
}
