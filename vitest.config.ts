import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Prints one line when tests that need ../shared/corpus are skipped (no corpus, CI unset).
    globalSetup: ['test/helpers/corpus-notice.ts'],
    // Each file gets its own database and queue names, so files run in parallel.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
