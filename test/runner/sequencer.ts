/**
 * The order vitest starts files in (vitest.config.ts `sequence.sequencer`): the longest first, so that no long
 * file starts last and runs alone while the other workers idle. Vitest's own order runs one project after the
 * other and, with no timings cached (a fresh clone: CI), the largest file first, which starts the kill -9 suite
 * (a small file, the longest run) near the end. Here both projects share one queue, ordered by the duration
 * vitest cached from an earlier run when it has one, else by the measured durations below, else by size.
 */
import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each of the longest files took alone on the CI machine (BENCHMARKS.md, "Test suite time"); only the
 * order depends on them, so a stale figure costs time, never a test.
 */
export const MEASURED_SECONDS: Readonly<Record<string, number>> = {
  'test/crash/kill9.test.ts': 103,
  'test/cli/commands.test.ts': 81,
  'test/sync/sharedRate.test.ts': 64,
};

export default class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const key = (spec: TestSpecification): [number, number] => {
      const path = relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`)?.duration;
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
