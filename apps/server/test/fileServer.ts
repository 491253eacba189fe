// The server-per-test-file setup most suites share. Kept out of harness.ts because it registers
// vitest hooks, and the harness is also loaded outside vitest (bench/hooks-server.ts).
import { afterAll, beforeAll, expect } from 'vitest';
import { removeHome, startServer, type TestServer } from './harness';

/**
 * One plain server shared by every test of a file: started before the first test and handed to
 * `use`, stopped after the last with the exit code asserted (a clean SIGTERM exit is part of what
 * each suite claims), then its HOME removed.
 */
export function startServerForFile(use: (server: TestServer) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer();
    use(server);
  });
  afterAll(async () => {
    if (!server) return; // start failed: beforeAll already reported why.
    expect(await server.stop()).toBe(0);
    removeHome(server.home);
  });
}
