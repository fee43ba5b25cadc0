/**
 * The test run's plan (vitest.config.ts, test/run-all.mjs): with TENDERWB_TEST_STRICT_PASS=1, one vitest run
 * holds two projects, every file in `default` and the suites that talk to a server again in `strict`, whose
 * workers run with TENDERWB_SANDBOX_STRICT=1. A strict project that silently ran against the default sandbox
 * would lose the strict suite's whole second pass: the file lists are checked here, the environment in strictEnv.test.ts.
 */
import { execFile } from 'node:child_process';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

type Listed = { file: string; projectName?: string };

async function listFiles(env: Record<string, string>): Promise<Listed[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['node_modules/vitest/vitest.mjs', 'list', '--filesOnly', '--json'], {
    cwd: root,
    env: { ...process.env, TENDERWB_TEST_STRICT_PASS: '', TENDERWB_SANDBOX_STRICT: '', ...env },
    maxBuffer: 16 * 2 ** 20,
  });
  return (JSON.parse(stdout) as Listed[]).map((f) => ({ ...f, file: relative(root, f.file) }));
}

const filesOf = (listed: Listed[], project: string): string[] => listed.filter((f) => f.projectName === project).map((f) => f.file).sort();

describe('the test plan', () => {
  it('the strict pass: every file in the default project, the server-facing suites again in the strict one', async () => {
    const [plain, both] = await Promise.all([listFiles({}), listFiles({ TENDERWB_TEST_STRICT_PASS: '1' })]);
    const every = plain.map((f) => f.file).sort();
    expect(every).toContain('test/crash/kill9.test.ts');
    expect(filesOf(both, 'default')).toEqual(every);
    const strict = filesOf(both, 'strict');
    for (const file of ['test/cli/commands.test.ts', 'test/app/core.test.ts', 'test/api/client.test.ts', 'test/sync/faults.test.ts', 'test/runner/strictEnv.test.ts']) {
      expect(strict).toContain(file);
    }
    // Left out on purpose (vitest.config.ts says why), and never a file of the sandbox's own suites.
    for (const file of ['test/crash/kill9.test.ts', 'test/sync/sharedRate.test.ts', 'test/sandbox/auth.test.ts']) expect(strict).not.toContain(file);
    // The local-only files of server-facing folders run once, in the default project.
    for (const file of ['test/app/damagedCache.test.ts', 'test/cli/concurrentWrites.test.ts', 'test/app/host/coreHost.test.ts']) {
      expect(strict).not.toContain(file);
      expect(every).toContain(file);
    }
    expect(strict.every((f) => every.includes(f))).toBe(true);
  });

  it('the clock-shifted pass: every date-sensitive suite it names exists and holds tests, under each shift', async () => {
    // @ts-expect-error: a plain .mjs module of the runner, with no types of its own
    const { CLOCK_SHIFTS, CLOCK_SHIFTED_SUITES } = (await import('./clockShift.mjs')) as { CLOCK_SHIFTS: string[]; CLOCK_SHIFTED_SUITES: string[] };
    const every = (await listFiles({})).map((f) => f.file);
    // Months ahead, and across a New Year whatever day CI runs on (more than 365 days).
    const days = CLOCK_SHIFTS.map((s) => Number(/^\+(\d+)d$/.exec(s)?.[1]));
    expect(days.length).toBeGreaterThan(0);
    expect(days.some((d) => d > 366)).toBe(true);
    for (const suite of CLOCK_SHIFTED_SUITES) expect(every.some((f) => f === suite || f.startsWith(`${suite}/`)), suite).toBe(true);
  });
});
