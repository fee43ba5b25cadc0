/**
 * The start order (LongestFirst in vitest.config.ts): the longest files first across both projects, from vitest's
 * cached durations when it has them, else from the measured figures, else the largest file first.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LongestFirst } from '../../vitest.config';

const root = resolve(import.meta.dirname, '..', '..');

function order(files: [project: string, path: string][], cached: Record<string, number> = {}): string[] {
  // Vitest 5 looks a file's last result up by its specification (project and file): the fake does the same.
  const resultOf = (spec: { moduleId: string; project: { name: string } }) => {
    const key = `${spec.project.name}:${spec.moduleId.slice(root.length + 1)}`;
    return key in cached ? { duration: cached[key], failed: false } : undefined;
  };
  const ctx = { config: { root }, cache: { getTestSpecificationResult: resultOf } };
  const specs = files.map(([project, path]) => ({ moduleId: resolve(root, path), project: { name: project } }));
  const sequencer = new LongestFirst(ctx as unknown as Vitest);
  return sequencer.sort(specs as unknown as TestSpecification[]).then((sorted) => sorted.map((s) => `${s.project.name}:${s.moduleId.slice(root.length + 1)}`)) as never;
}

describe('the start order', () => {
  it('with nothing cached (a fresh clone), the measured longest files first, in both projects, then by size', async () => {
    const sorted = await order([
      ['default', 'test/runner/plan.test.ts'],
      ['strict', 'test/cli/commands.test.ts'],
      ['default', 'test/cli/helpers.ts'],
      ['default', 'test/crash/kill9.test.ts'],
      ['default', 'test/cli/commands.test.ts'],
    ]);
    expect(sorted).toEqual([
      'default:test/crash/kill9.test.ts',
      'strict:test/cli/commands.test.ts',
      'default:test/cli/commands.test.ts',
      'default:test/cli/helpers.ts',
      'default:test/runner/plan.test.ts',
    ]);
  });

  it("vitest's cached duration of a file wins over the measured figure", async () => {
    const sorted = await order(
      [
        ['default', 'test/crash/kill9.test.ts'],
        ['strict', 'test/runner/plan.test.ts'],
      ],
      { 'default:test/crash/kill9.test.ts': 1_000, 'strict:test/runner/plan.test.ts': 500_000 },
    );
    expect(sorted).toEqual(['strict:test/runner/plan.test.ts', 'default:test/crash/kill9.test.ts']);
  });
});
