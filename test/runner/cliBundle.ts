/**
 * Vitest's global setup: the `tenderwb` bundle made fresh for the suites that spawn the CLI hundreds of times
 * (test/cli/helpers.ts). It calls the one builder (scripts/cli-bundle/build.ts, also run by `npm ci` and
 * `npm run build`), which builds nothing when out/cli/ already stands for the source, and the suites spawn the
 * shipped bin (src-main/cli/tenderwb.mjs), which runs that bundle: the tests run what a user runs, at the
 * bundle's speed (compiling through tsx cost ~0.5 s of CPU a spawn, most of the CLI suites' time on a loaded
 * machine: BENCHMARKS.md, "Test suite time").
 *
 * A build that fails (a file being written, an import of a module not there yet) leaves the bundle stale: the
 * bin then runs the source through tsx, as before, and the suites meet the same error there, in the tests that
 * reach it. test/runner/cliBundle.test.ts checks the suites really ran the bundle.
 */
import { buildCliBundle } from '../../scripts/cli-bundle/build';

export default async function freshCliBundle(): Promise<void> {
  try {
    await buildCliBundle();
  } catch (error) {
    process.stderr.write(`[cli bundle] not built, the CLI suites run the source: ${(error as Error).message.split('\n')[0]}\n`);
  }
}
