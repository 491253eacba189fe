// Bad luck, case D03: the state directory is deleted under a running server (a cleanup script, a
// user's rm -rf ~/.local/state). SIGTERM must still end the server with exit 0 and save what it
// can: the state directory is made again and the final snapshot lands in it.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { removeHome, startServer, waitFor } from '../harness';

it('D03 state dir deleted while running: SIGTERM exits 0 and the last snapshot is written again', async () => {
  const s = await startServer();
  try {
    const stateDir = join(s.home, '.local', 'state', 'rozi');
    await s.call('sessions.create', { name: 'kept' });
    await waitFor('the first snapshot', () => existsSync(join(stateDir, 'snapshot.json')));
    await s.call('panes.sendKeys', { session: 'kept', keys: ['echo hi', 'Enter'] });
    expect(existsSync(join(stateDir, 'history'))).toBe(true);
    rmSync(stateDir, { recursive: true, force: true });
    const code = await Promise.race([
      s.stop(),
      new Promise<string>((r) => setTimeout(() => r('still running 10 s after SIGTERM'), 10_000)),
    ]);
    expect(code, s.stderr()).toBe(0);
    const snap = JSON.parse(readFileSync(join(stateDir, 'snapshot.json'), 'utf8')) as {
      sessions: { name: string }[];
    };
    expect(snap.sessions.map((x) => x.name)).toContain('kept');
  } finally {
    if (s.proc.exitCode === null) await s.kill9();
    removeHome(s.home);
  }
});
