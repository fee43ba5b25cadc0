/**
 * The shipped `tenderwb` runs the bundle built from the source (scripts/cli-bundle/build.ts, by `npm ci`, `npm run
 * build` and the tests' global setup), and only while that bundle stands for the source: these check the bundle
 * answers as the source does, that the bin falls back to the source when the bundle is missing or stale, and that
 * `npm ci` builds it.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCliBundle } from '../../scripts/cli-bundle/build';
import { BUNDLE_DIR, bundleProblem } from '../../src-main/cli/cliBundle.mjs';
import { CLI_ENTRY, REPO_ROOT } from '../cli/helpers';

const run = promisify(execFile);
const cli = (args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string }> =>
  run(process.execPath, [CLI_ENTRY, ...args], { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', HOME: REPO_ROOT, ...env } });

describe('the CLI the suites spawn', () => {
  it('is the shipped bin over a bundle fresh for this source, with the pack-text worker beside it', async () => {
    expect(bundleProblem()).toBeNull();
    expect(readFileSync(join(BUNDLE_DIR, 'packTextWorker.js'), 'utf8').length).toBeGreaterThan(0);
    // Fresh: the builder the global setup ran builds nothing again.
    expect((await buildCliBundle()).built).toBe(false);
  });

  it('answers as the source does, its help and its refusals alike', async () => {
    const source = { TENDERWB_CLI_SOURCE: '1' };
    const [bundled, fromSource] = await Promise.all([cli(['--help']), cli(['--help'], source)]);
    expect(bundled.stdout.length).toBeGreaterThan(200);
    expect(bundled.stdout).toBe(fromSource.stdout);
    const refusal = (env?: Record<string, string>) => cli(['no-such-command'], env).then(() => null, (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }));
    const [bundledRefusal, sourceRefusal] = await Promise.all([refusal(), refusal(source)]);
    expect(bundledRefusal).toEqual({ code: 2, stderr: expect.stringContaining('no-such-command') });
    expect(bundledRefusal).toEqual(sourceRefusal);
  });

  it('npm ci builds the bundle: the prepare script runs the one builder', () => {
    const scripts = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.prepare).toContain('scripts/cli-bundle/build.ts');
    expect(scripts.build).toContain('scripts/cli-bundle/build.ts');
  });
});

describe('the bin runs the bundle only while every file it was built from is unchanged', () => {
  // A repository of its own: the real bin and stamp reader, a bundle and a source that say which one ran.
  const root = mkdtempSync(join(tmpdir(), 'tenderwb-binfallback-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'src-main', 'cli'), { recursive: true });
  mkdirSync(join(root, 'out', 'cli'), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  for (const file of ['tenderwb.mjs', 'cliBundle.mjs']) copyFileSync(join(REPO_ROOT, 'src-main', 'cli', file), join(root, 'src-main', 'cli', file));
  const said = (from: string): string => `export async function main() { console.log(${JSON.stringify(from)}); return 0; }\n`;
  writeFileSync(join(root, 'src-main', 'cli', 'main.ts'), said('source'));
  writeFileSync(join(root, 'out', 'cli', 'main.js'), said('bundle'));
  const input = join(root, 'src-main', 'cli', 'main.ts');
  // Each test starts from the source as written here, stamped as built.
  beforeEach(() => {
    writeFileSync(input, said('source'));
    stamp();
  });
  function stamp(): void {
    const { mtimeMs, size } = statSync(input);
    writeFileSync(join(root, 'out', 'cli', 'bundle.json'), JSON.stringify({ version: 1, inputs: [['src-main/cli/main.ts', mtimeMs, size]] }));
  }
  const ran = async (env: Record<string, string> = {}): Promise<string> =>
    (await run(process.execPath, [join(root, 'src-main', 'cli', 'tenderwb.mjs')], { env: { PATH: process.env.PATH ?? '', HOME: root, ...env } })).stdout.trim();

  it('a fresh bundle runs; TENDERWB_CLI_SOURCE=1 runs the source', async () => {
    expect(await ran()).toBe('bundle');
    expect(await ran({ TENDERWB_CLI_SOURCE: '1' })).toBe('source');
  });

  it('a source file edited since the build (even to an older mtime, as a checkout does) runs the source', async () => {
    utimesSync(input, new Date('2020-01-01T00:00:00Z'), new Date('2020-01-01T00:00:00Z'));
    expect(await ran()).toBe('source');
    stamp();
    expect(await ran()).toBe('bundle');
    writeFileSync(input, said('source, edited'));
    expect(await ran()).toBe('source, edited');
  });

  it('no stamp (an install with --ignore-scripts, a failed build) runs the source', async () => {
    rmSync(join(root, 'out', 'cli', 'bundle.json'));
    expect(await ran()).toBe('source');
  });
});

