import { defineConfig } from 'vitest/config';

// One run over every workspace so CI prints one summary line. e2e needs the web build first
// (scripts/test.sh does it).
export default defineConfig({
  test: {
    projects: ['packages/detect', 'packages/extensions', 'packages/ui', 'apps/server', 'apps/web', 'e2e'],
  },
});
