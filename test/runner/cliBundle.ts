/**
 * Vitest's global setup: the `tenderwb` CLI bundled once per test run, for the suites that spawn it hundreds of
 * times (test/cli/helpers.ts's CLI_ENTRY). `src-main/cli/tenderwb.mjs` compiles the TypeScript through tsx at every
 * start (~0.5 s of CPU a spawn, most of the CLI suites' time on a loaded machine: BENCHMARKS.md, "Test suite
 * time"); the bundle is the same source built by esbuild (already installed with vite) with every package left
 * external, so it runs the same modules. The source entry itself stays tested: the kill -9 suite and
 * test/runner/cliBundle.test.ts spawn it.
 *
 * Each run builds its own folder (`out/cli-<pid>-<n>/`, removed at the run's end), handed to the test files through
 * vitest's provide/inject: a bundle is never older than the source it stands for, and two runs at once (several
 * developers' terminals, a watch mode) never pull a bundle from under each other. A build that fails (a file being
 * written, an import of a module not there yet) provides none: the suites then spawn the source entry, as before,
 * and meet the same error there, in the tests that reach it.
 *
 * Layout: the folder is two levels below the repository root like `src-main/cli/`, so the provenance's
 * package.json lookup (`../../package.json`) finds the same file, and the pack-text worker is built beside the
 * bundle as `packTextWorker.js`, where threads/workerEntry.ts looks for a built entry.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled CLI's entry, relative to the repository root; '' when none was built. */
    tenderwbCliEntry: string;
  }
}

const ROOT = resolve(__dirname, '..', '..');
const OUT = join(ROOT, 'out');
let builds = 0;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Folders of runs that ended without their teardown (a killed run). */
function removeOrphans(): void {
  if (!existsSync(OUT)) return;
  for (const name of readdirSync(OUT)) {
    const match = /^cli-(\d+)-\d+$/.exec(name);
    if (match && !alive(Number(match[1]))) rmSync(join(OUT, name), { recursive: true, force: true });
  }
}

export default async function buildCliBundle(project: TestProject): Promise<() => void> {
  removeOrphans();
  builds += 1;
  const dir = join(OUT, `cli-${process.pid}-${builds}`);
  try {
    await bundle(dir);
    project.provide('tenderwbCliEntry', relative(ROOT, join(dir, 'tenderwb.mjs')));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    project.provide('tenderwbCliEntry', '');
    process.stderr.write(`[cli bundle] not built, the CLI suites spawn the source entry: ${(error as Error).message.split('\n')[0]}\n`);
  }
  return () => rmSync(dir, { recursive: true, force: true });
}

async function bundle(dir: string): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: { main: 'src-main/cli/main.ts', packTextWorker: 'src-main/export/packTextWorker.ts' },
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(dir, 'tenderwb.mjs'), "const { main } = await import('./main.js');\nprocess.exitCode = await main(process.argv.slice(2));\n");
}
