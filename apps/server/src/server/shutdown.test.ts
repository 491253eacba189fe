import { expect, it } from 'vitest';
import { runShutdown } from './shutdown';

it('runs every step after one throws or hangs, and names those that failed', async () => {
  const ran: string[] = [];
  const log: string[] = [];
  const failed = await runShutdown(
    [
      { name: 'a', run: () => ran.push('a') },
      {
        name: 'throws',
        run: () => {
          throw new Error('ENOENT: scandir');
        },
      },
      { name: 'rejects', run: () => Promise.reject(new Error('gone')) },
      { name: 'hangs', run: () => new Promise(() => undefined) },
      { name: 'z', run: () => ran.push('z') },
    ],
    { log: (l) => log.push(l), stepMs: 50 },
  );
  expect(ran).toEqual(['a', 'z']);
  expect(failed).toEqual(['throws', 'rejects', 'hangs']);
  expect(log.join('\n')).toMatch(/throws failed: ENOENT: scandir; going on/);
  expect(log.join('\n')).toMatch(/hangs did not finish within 50 ms/);
});
