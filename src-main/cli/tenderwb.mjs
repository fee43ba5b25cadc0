#!/usr/bin/env node
/**
 * The `tenderwb` command (package.json's bin). It runs the bundle built from the source at install and build time
 * (`npm ci`'s prepare, `npm run build`: out/cli/, scripts/cli-bundle/build.ts), which starts in a fraction of the
 * time: compiling the TypeScript through tsx cost 1-2 s at every start (BENCHMARKS.md "CLI start").
 *
 * When that bundle is missing (an install with --ignore-scripts) or no longer stands for the source (a file
 * edited, another branch checked out: cliBundle.mjs says how that is told), the source runs through tsx, as
 * before: a developer's edit takes effect on the next run with no build step, and a user never runs code the
 * source no longer has. TENDERWB_CLI_SOURCE=1 runs the source whatever the bundle (the kill -9 suite, debugging).
 */
import nodeModule from 'node:module';
import { pathToFileURL } from 'node:url';
import { BUNDLE_MAIN, bundleProblem } from './cliBundle.mjs';

// Node 22.1 and later keep the compiled code of the modules a start loads (in the system's temporary folder), so
// the next start skips compiling them; on older Node the function is missing and nothing changes.
nodeModule.enableCompileCache?.();

let main;
if (process.env.TENDERWB_CLI_SOURCE !== '1' && bundleProblem() === null) {
  ({ main } = await import(pathToFileURL(BUNDLE_MAIN).href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('./main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
