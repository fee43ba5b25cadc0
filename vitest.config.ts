import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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
 * The suites the strict project runs: those that talk to a server. The kill -9 and shared-rate
 * suites are left out: they test the cache and the limiter, whose behaviour the server's shapes do not change,
 * and they are the slowest. Of the team suites, the two whose caches are filled from a server (the two
 * analysts through the CLI, the pull) run again; the others fill their caches through the store.
 */
const STRICT_SUITES = ['test/api', 'test/api-earlier', 'test/sync/faults.test.ts', 'test/sync/balance.test.ts', 'test/sync/outbox.test.ts', 'test/sync/noProgress.test.ts', 'test/sync/earlierNoProgress.test.ts', 'test/sync/cutBody.test.ts', 'test/hostile', 'test/cli', 'test/app', 'test/earlier-core', 'test/reference', 'test/runner/strictEnv.test.ts', 'test/team/twoAnalysts.test.ts', 'test/team/pull.test.ts'];
/**
 * Files under those folders whose behaviour no server shape can change, left out of the strict pass: a damaged
 * or full disk, locks between processes, where an export may be written, built-in names, the host process and
 * the CLI's help, and a ledger served by a test's own server. Each still runs once, in the default project; run
 * twice they cost a CI run about two minutes for nothing (the damaged cache's files alone 70 s).
 */
export const STRICT_LOCAL_ONLY = [
  'test/app/damagedCache.test.ts',
  'test/app/fullDisk.test.ts',
  'test/app/host/**',
  'test/cli/concurrentWrites.test.ts',
  'test/cli/fullDisk.test.ts',
  'test/cli/damagedCache.test.ts',
  'test/cli/outTarget.test.ts',
  'test/cli/builtInProfile.test.ts',
  'test/cli/help.test.ts',
  'test/cli/auditIncremental.test.ts',
  // The automatic download and a real amendment's word diff: the test picks its tenders by the card's version,
  // which the reference does not guarantee (the strict server leaves it out); the documents' CLI against the
  // strict server is test/cli/docs.test.ts.
  'test/cli/docsAmendment.test.ts',
];
const include = ['test/**/*.test.ts'];
const exclude = [...configDefaults.exclude, 'test/e2e/**'];

/**
 * Seconds each of the longest files took in one project's run (a fresh-clone CI run on a quiet machine, 2026-12-07,
 * two workers); only the order depends on them, so a stale figure costs time, never a test.
 */
export const MEASURED_SECONDS: Readonly<Record<string, number>> = {
  'test/crash/kill9.test.ts': 172,
  'test/cli/commands.test.ts': 86,
  'test/app/damagedCache.test.ts': 10,
  'test/cli/earlier.test.ts': 70,
  'test/sync/faults.test.ts': 68,
  'test/sync/sharedRate.test.ts': 64,
  'test/cli/concurrentWrites.test.ts': 36,
  'test/readme/readmeExamples.test.ts': 36,
  'test/cli/analytics.test.ts': 36,
  'test/cli/spending.test.ts': 35,
  'test/team/twoAnalysts.test.ts': 33,
  'test/sandbox/present.test.ts': 29,
  'test/hostile/cli.test.ts': 25,
  'test/cli/listsExports.test.ts': 21,
};

/**
 * The order vitest starts files in (`sequence.sequencer` below): the longest first, so that no long
 * file starts last and runs alone while the other workers idle. Vitest's own order runs one project after the
 * other and, with no timings cached (a fresh clone: CI), the largest file first, which starts the kill -9 suite
 * (a small file, the longest run) near the end. Here both projects share one queue, ordered by the duration
 * vitest cached from an earlier run when it has one, else by the measured durations below, else by size.
 */
export class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const key = (spec: TestSpecification): [number, number] => {
      const path = relative(root, spec.moduleId);
      const cached = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      const seconds = cached !== undefined ? cached / 1000 : (MEASURED_SECONDS[path] ?? 0);
      return [seconds, statSync(spec.moduleId).size];
    };
    const keys = new Map(files.map((spec) => [spec, key(spec)]));
    return Promise.resolve(
      [...files].sort((a, b) => {
        const [sa, za] = keys.get(a)!;
        const [sb, zb] = keys.get(b)!;
        return sb - sa || zb - za;
      }),
    );
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    // With projects, each states its own files (`extends: true` would add the root's list to a project's).
    ...(strictPass ? {} : { include, exclude }),
    pool: 'forks',
    // The CLI built once for the suites that spawn it (test/runner/cliBundle.ts says why).
    globalSetup: ['test/runner/cliBundle.ts'],
    // Vitest's default on two cores is ONE worker (cores - 1), which leaves a core idle while a file waits on a
    // sandbox, a child process or the rate limiter's real minute. Two: one per core. Three were measured too
    // (BENCHMARKS.md, "Test suite time"): on a loaded machine the CLI suites, whose tests spawn the CLI twenty
    // times in a row, then ran into their own 60 s limits, and a flake is a bug.
    maxWorkers: 2,
    // Both projects in one queue, the longest files first (LongestFirst above says why).
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
                exclude: [...exclude, ...STRICT_LOCAL_ONLY],
                env: { TENDERWB_SANDBOX_STRICT: '1' },
              },
            },
          ],
        }
      : {}),
  },
});
