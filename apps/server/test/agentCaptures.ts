// Where the captured agent screens live: <repo>/fixtures/agents, vendored into the repository
// (they came from the team's shared/ folder) so that a plain clone runs `npm test`. A missing
// capture is a setup error that must fail loudly, not a reason to skip the tests that draw it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `<repo root>/fixtures/agents` (this file is apps/server/test/agentCaptures.ts). */
export const AGENT_CAPTURES = fileURLToPath(new URL('../../../fixtures/agents', import.meta.url));

/** Absolute path of one capture file, e.g. `agentCapture('codex')`; throws when it is missing. */
export function agentCapture(agent: string): string {
  const path = `${AGENT_CAPTURES}/${agent}.toml`;
  if (!existsSync(path)) throw new Error(`agent capture not found at ${path}`);
  return path;
}
