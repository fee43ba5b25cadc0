/**
 * Where the built `tenderwb` lives and whether it still stands for the source. Plain JavaScript, with
 * node: imports only: the bin (tenderwb.mjs) asks it before anything else is loaded, and the builder
 * (scripts/cli-bundle/build.ts, run by `npm ci`'s prepare, `npm run build` and the tests' global setup) writes
 * the stamp it reads.
 *
 * The bundle is `out/cli/`, two levels below the repository root like this folder, so that the paths the core
 * finds from its own module (the provenance's `../../package.json`, a worker entry beside its caller) are the
 * same in both. Its stamp, `out/cli/bundle.json`, lists every file the build read with the mtime and size it
 * had when the build started.
 *
 * A bundle is fresh when each of those files still has that mtime and size. Not "newer than": a `git checkout`
 * of an older branch or a restored file can give a file an older mtime, and the bundle must not then run code
 * that is no longer there. Stale or missing, the bin runs the source through tsx, as before the bundle: slower,
 * never wrong, so a developer who edits a file gets the edit on the next run without a build step. The check
 * stats the ~350 source files the bundle was built from (a few ms: BENCHMARKS.md, "CLI start").
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BUNDLE_DIR = join(REPOSITORY_ROOT, 'out', 'cli');
export const BUNDLE_MAIN = join(BUNDLE_DIR, 'main.js');
export const BUNDLE_STAMP = join(BUNDLE_DIR, 'bundle.json');
export const STAMP_VERSION = 1;

/** A file's [mtimeMs, size] (path relative to the root); [-1, -1] when it is not there. */
export function fileState(file) {
  const stat = statSync(join(REPOSITORY_ROOT, file), { throwIfNoEntry: false });
  return stat ? [stat.mtimeMs, stat.size] : [-1, -1];
}

/** Why the bundle cannot run for this source, or null when it can. */
export function bundleProblem() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(BUNDLE_STAMP, 'utf8'));
  } catch {
    return 'no bundle (out/cli/bundle.json)';
  }
  if (stamp?.version !== STAMP_VERSION || !Array.isArray(stamp.inputs)) return 'a bundle stamp of another version';
  for (const [file, mtimeMs, size] of stamp.inputs) {
    const [nowMtime, nowSize] = fileState(file);
    if (nowMtime !== mtimeMs || nowSize !== size) return `${file} changed since the bundle was built`;
  }
  return null;
}
