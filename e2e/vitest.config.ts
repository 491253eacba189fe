import { defineConfig } from 'vitest/config';

// Playwright (playwright-core + Debian's chromium) driven from vitest, two files at a time: each
// file has its own server, HOME and browser profile on free ports, and most of a browser test's
// time is spent waiting, so a second file cuts the suite's longest phase by about a tenth.
export default defineConfig({
  test: {
    sequence: { groupOrder: 3 },
    include: ['tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    passWithNoTests: true,
  },
});
