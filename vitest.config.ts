import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirst from './test/runner/sequencer';

// Unit and integration tests under plain Node (never Electron). The end-to-end tests in test/e2e run under
// Playwright instead. `npm test` (test/run-all.mjs) reads test-results/vitest.json to count the results.
//
// With TENDERWB_TEST_STRICT_PASS=1 (set by run-all), the run has a second project, `strict`: the suites that
// talk to a server again, against the strict sandbox (TENDERWB_SANDBOX_STRICT=1 in its workers). One run
// with two projects shares one pool of workers, so the strict suites fill the time the default ones spend
// waiting, instead of starting only after the last default file ended. Without it (a developer's
// `npx vitest run FILE`) a file runs once, against the default sandbox, as before.
const strictPass = process.env.TENDERWB_TEST_STRICT_PASS === '1';

/**
 * The suites the strict project runs: those that talk to a server (issue 11). The kill -9 and shared-rate
 * suites are left out: they test the cache and the limiter, whose behaviour the server's shapes do not change,
 * and they are the slowest.
 */
const STRICT_SUITES = ['test/api', 'test/api-earlier', 'test/sync/faults.test.ts', 'test/sync/balance.test.ts', 'test/sync/outbox.test.ts', 'test/sync/noProgress.test.ts', 'test/sync/earlierNoProgress.test.ts', 'test/sync/cutBody.test.ts', 'test/hostile', 'test/cli', 'test/app', 'test/earlier-core', 'test/reference', 'test/runner/strictEnv.test.ts'];
const include = ['test/**/*.test.ts'];
const exclude = [...configDefaults.exclude, 'test/e2e/**'];

export default defineConfig({
  test: {
    environment: 'node',
    // With projects, each states its own files (`extends: true` would add the root's list to a project's).
    ...(strictPass ? {} : { include, exclude }),
    pool: 'forks',
    // Vitest's default on two cores is ONE worker (cores - 1). Most files spend their time waiting on a
    // sandbox, a child process or the rate limiter's real minute, so more workers than cores overlap those
    // waits (BENCHMARKS.md, "Test suite time"). Every wait in the suites is on a condition, not a clock.
    maxWorkers: 3,
    // Both projects in one queue, the longest files first (test/runner/sequencer.ts says why).
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    ...(strictPass
      ? {
          projects: [
            { extends: true, test: { name: 'default', include, exclude } },
            {
              extends: true,
              test: {
                name: 'strict',
                include: STRICT_SUITES.map((s) => (s.endsWith('.ts') ? s : `${s}/**/*.test.ts`)),
                exclude,
                env: { TENDERWB_SANDBOX_STRICT: '1' },
              },
            },
          ],
        }
      : {}),
  },
});
