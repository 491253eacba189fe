import { defineConfig } from 'vitest/config';

// Integration tests start real servers with real PTYs: give them time and keep the
// 2-core machines from being oversubscribed.
export default defineConfig({
  test: {
    sequence: { groupOrder: 2 },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    passWithNoTests: true,
  },
});
