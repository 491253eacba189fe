import { defineConfig } from 'vitest/config';

// Integration tests start real servers with real PTYs: give them time (a test of a few CLI
// calls took over 30 s on a loaded 2-core box) and keep the
// 2-core machines from being oversubscribed.
export default defineConfig({
  test: {
    sequence: { groupOrder: 2 },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    passWithNoTests: true,
  },
});
