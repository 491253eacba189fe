import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { sequence: { groupOrder: 0 }, include: ['src/**/*.test.ts'] },
});
