import { configDefaults, defineConfig } from 'vitest/config';

// Unit and integration tests under plain Node (never Electron). The end-to-end tests in test/e2e run under
// Playwright instead. `npm test` (test/run-all.mjs) reads test-results/vitest.json to count the results.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'test/e2e/**'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
