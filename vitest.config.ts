import { defineConfig } from 'vitest/config';

// One run over every workspace so CI prints one summary line. Each project sets
// sequence.groupOrder: pure units first, then the process-spawning suites, then the browser, so
// the 2-core CI box is never running two heavy groups at once. e2e needs the web build first
// (scripts/test.sh does it).
export default defineConfig({
  test: {
    // The watchdog names test files stuck for minutes and ends a run past its deadline
    // (scripts/watchdogReporter.ts), so a hang fails with a name instead of outliving CI's limit.
    reporters: ['default', './scripts/watchdogReporter.ts'],
    projects: [
      'packages/detect',
      'packages/keymap',
      'packages/cloexec',
      'packages/extensions',
      'packages/ui',
      'apps/server',
      'apps/web',
      'e2e',
    ],
  },
});
