/**
 * The CLI suites spawn the bundle vitest's global setup builds (cliBundle.ts); these check it stands for the
 * source entry: the same answers, from the same package.json, and that the source entry users run still works.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLI_ENTRY, CLI_SOURCE_ENTRY, REPO_ROOT } from '../cli/helpers';

const run = promisify(execFile);
const cli = (entry: string, args: string[]): Promise<{ stdout: string; stderr: string }> =>
  run(process.execPath, [entry, ...args], { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', HOME: REPO_ROOT } });

describe('the CLI the suites spawn', () => {
  it('is the bundle built for this run', () => {
    expect(CLI_ENTRY).toMatch(/^out\/cli-\d+-\d+\/tenderwb\.mjs$/);
    expect(existsSync(join(REPO_ROOT, dirname(CLI_ENTRY), 'packTextWorker.js'))).toBe(true);
  });

  it('answers as the source entry does', async () => {
    const [bundled, source] = await Promise.all([cli(CLI_ENTRY, ['--help']), cli(CLI_SOURCE_ENTRY, ['--help'])]);
    expect(bundled.stdout.length).toBeGreaterThan(200);
    expect(bundled.stdout).toBe(source.stdout);
  });
});
