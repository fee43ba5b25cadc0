/**
 * The one build of the `tenderwb` bundle: `npm ci` runs it (package.json's prepare, so the README's
 * `npx tenderwb ...` lines start fast right after it), `npm run build` runs it, and the tests' global setup
 * (test/runner/cliBundle.ts) calls buildCliBundle, so the suites spawn the very bin and bundle users run.
 *
 *   tsx scripts/cli-bundle/build.ts [--force]
 *
 * esbuild (installed with vite) bundles src-main/cli/main.ts with every package but zod left external, so the
 * bundle runs the same node_modules as the source (externalPackages below says why zod is inside). Code splitting turns each command's `import()` (commands/index.ts) into a
 * chunk of its own: a start loads main.js and only the chunks its command needs. The pack-text worker is built
 * beside it as `packTextWorker.js`, where threads/workerEntry.ts looks for a built entry.
 *
 * Nothing happens when the bundle is fresh (cliBundle.mjs: every file it was built from unchanged), so a test run
 * with no edit since the last one builds nothing. A build writes into a folder of its own, then moves its files
 * into out/cli/ one by one, chunks first and the stamp last: a `tenderwb` starting meanwhile, or another run
 * building the same source (same names, same bytes), never sees an entry whose chunks are not there yet. Chunks
 * no entry names any more are removed an hour after they were replaced, when no run can still be reading them.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { BUNDLE_DIR, BUNDLE_STAMP, bundleProblem, fileState, REPOSITORY_ROOT, STAMP_VERSION, type BundleStamp, type FileState } from '../../src-main/cli/cliBundle.mjs';

const STALE_CHUNK_MS = 60 * 60 * 1000;
/** This file is an input too: a change to how the bundle is built makes the old one stale. */
const BUILDER = relative(REPOSITORY_ROOT, fileURLToPath(import.meta.url));

export type BundleResult = { built: boolean; dir: string; reason: string | null };

/** Builds out/cli/ unless it is fresh (or `force`); throws esbuild's error when the source does not build. */
export async function buildCliBundle(opts: { force?: boolean } = {}): Promise<BundleResult> {
  const reason = bundleProblem();
  if (reason === null && !opts.force) return { built: false, dir: BUNDLE_DIR, reason: null };
  const staging = join(REPOSITORY_ROOT, 'out', `cli.build-${process.pid}-${Date.now()}`);
  // Our files as they are before esbuild reads them: a file edited during the build is then stamped with its old
  // state, and the bundle is stale at once, never fresh with the edit missing. (A bundled package's files, which
  // only an install changes, are stamped as they are after the build.)
  const before = new Map<string, FileState>([BUILDER, ...sourceFiles()].map((file) => [file, fileState(file)]));
  try {
    const result = await build({
      absWorkingDir: REPOSITORY_ROOT,
      entryPoints: { main: 'src-main/cli/main.ts', packTextWorker: 'src-main/export/packTextWorker.ts', extractWorker: 'src-main/docfiles/extract/extractWorker.ts' },
      outdir: staging,
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: externalPackages(),
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = [...Object.keys(result.metafile.inputs), BUILDER].sort();
    const stamp: BundleStamp = { version: STAMP_VERSION, inputs: inputs.map((file) => [file, ...(before.get(file) ?? fileState(file))]) };
    mkdirSync(BUNDLE_DIR, { recursive: true });
    const files = readdirSync(staging);
    const entries = new Set(['main.js', 'packTextWorker.js', 'extractWorker.js']);
    for (const file of files.filter((f) => !entries.has(f))) renameSync(join(staging, file), join(BUNDLE_DIR, file));
    for (const file of files.filter((f) => entries.has(f))) renameSync(join(staging, file), join(BUNDLE_DIR, file));
    writeFileSync(`${BUNDLE_STAMP}.${process.pid}.tmp`, `${JSON.stringify(stamp)}\n`);
    renameSync(`${BUNDLE_STAMP}.${process.pid}.tmp`, BUNDLE_STAMP);
    removeOldChunks(new Set([...files, 'bundle.json']));
    return { built: true, dir: BUNDLE_DIR, reason };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Every package stays outside the bundle (the same node_modules as the source runs, native addons where they are)
 * but zod: a start that reads profiles.json loads it, and its ~95 ES modules cost a third more to load one by one
 * than bundled into one chunk (BENCHMARKS.md, "CLI start"). Its files are then inputs like ours: an `npm ci` that
 * brings another zod makes the bundle stale, and the bin runs the source until it is built again.
 */
const BUNDLED_PACKAGES = new Set(['zod']);

function externalPackages(): string[] {
  const manifest = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => !BUNDLED_PACKAGES.has(name));
  return names.flatMap((name) => [name, `${name}/*`]);
}

/** Every file under src-main/, relative to the root (the bundle's inputs are among them). */
function sourceFiles(): string[] {
  return readdirSync(join(REPOSITORY_ROOT, 'src-main'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(REPOSITORY_ROOT, join(entry.parentPath, entry.name)));
}

function removeOldChunks(current: Set<string>): void {
  const now = Date.now();
  for (const file of readdirSync(BUNDLE_DIR)) {
    if (current.has(file) || file.endsWith('.tmp')) continue;
    const path = join(BUNDLE_DIR, file);
    if (now - statSync(path).mtimeMs > STALE_CHUNK_MS) rmSync(path, { force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  try {
    const { built, reason } = await buildCliBundle({ force: process.argv.includes('--force') });
    const where = relative(process.cwd(), BUNDLE_DIR) || '.';
    console.log(built ? `tenderwb: built ${where} in ${Math.round(performance.now() - started)} ms (${reason ?? 'forced'})` : `tenderwb: ${where} is up to date`);
  } catch (error) {
    // A clone whose source does not build (a half-done merge) still installs: the bin then runs the source.
    process.stderr.write(`tenderwb: the bundle was not built, the bin runs the source through tsx: ${(error as Error).message}\n`);
    process.exitCode = process.argv.includes('--strict') ? 1 : 0;
  }
}
