import { defineConfig } from 'vitest/config';

// One run over every workspace so CI prints one summary line. Each project sets
// sequence.groupOrder: pure units first, then the process-spawning suites, then the browser, so
// the 2-core CI box is never running two heavy groups at once. e2e needs the web build first
// (scripts/test.sh does it).
export default defineConfig({
  test: {
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
