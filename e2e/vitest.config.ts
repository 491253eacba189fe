import { defineConfig } from 'vitest/config';

// Playwright (playwright-core + Debian's chromium) driven from vitest, one file at a time.
export default defineConfig({
  test: {
    sequence: { groupOrder: 3 },
    include: ['tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    passWithNoTests: true,
  },
});
