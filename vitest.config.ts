import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'ui/dist/**', 'main/electron/dist/**'],
    pool: 'forks',
    globalSetup: ['./test/support/childRecordsOfTheRun.ts'],
    reporters: ['default', './test/support/closingLineReporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
