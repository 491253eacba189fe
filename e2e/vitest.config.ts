import { defineConfig } from 'vitest/config';

// Playwright (playwright-core + Debian's chromium) driven from vitest, one file at a time. Two at a
// time was tried twice in full runs: 1,365 s against 1,527 s once, 1,492 s against 1,483 s the
// second time (no gain), and both times a timing-sensitive browser test failed under the doubled load.
export default defineConfig({
  test: {
    sequence: { groupOrder: 3 },
    include: ['tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    passWithNoTests: true,
    // expect.poll gives up after 1 s by default: on the 2-core CI box, with the server's tests
    // beside these, a page's answer to a key can take longer (agent-editor's focus after Enter
    // failed so once). A poll that passes returns as soon as it does; only failures wait longer.
    expect: { poll: { timeout: 10_000 } },
  },
});
