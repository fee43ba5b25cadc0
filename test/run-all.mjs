// `npm test`: every check the project has, in order, with their output streamed as it comes (the three first
// checks side by side, each printed whole when it ends):
//   1. npm run typecheck, npm run lint and npx electron-vite build, side by side (three independent programs,
//      each mostly on one core; each one's output is printed whole when it ends, so the logs do not interleave)
//   2. npx vitest run (+ JSON report), in one run with two projects (vitest.config.ts): every file against the
//      default sandbox, and the client, sync, CLI and app-core suites again against the STRICT sandbox
//      (TENDERWB_SANDBOX_STRICT=1): a test that passes only against our default sandbox is a bug in the client
//     . One run shares its workers, so the strict files fill the default ones' waits.
//   3. the date-sensitive suites again under `faketime -f +400d` (test/runner/clockShift.mjs): nothing
//      may depend on the date a test runs on
//   4. npx playwright test (end-to-end, Debian's Chromium, + JSON report; strict-flow.spec.ts runs the
//      search -> card -> list -> export -> ledger/audit flow against the strict sandbox), side by side with
//      steps 2 and 3 (its output printed whole when it ends)
// Every step runs even when an earlier one failed. The last line printed is always exactly
// `N passed, M failed`, where N and M count the vitest tests, the Playwright tests, and one per check
// (typecheck, lint, build).
// The exit code is non-zero when anything failed. Works with stdin closed and CI=true (nothing prompts).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLOCK_SHIFTS, CLOCK_SHIFTED_SUITES } from './runner/clockShift.mjs';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const vitestReport = resolve(projectRoot, 'test-results', 'vitest.json');
// Written by the JSON reporter configured in playwright.config.ts (which honours TENDERWB_E2E_OUTPUT too).
const playwrightReport = resolve(projectRoot, process.env.TENDERWB_E2E_OUTPUT ?? 'test-results', 'playwright.json');
const chromiumPath = process.env.TENDERWB_CHROMIUM ?? '/usr/bin/chromium';
const isWindows = process.platform === 'win32';
const npm = isWindows ? 'npm.cmd' : 'npm';
const npx = isWindows ? 'npx.cmd' : 'npx';

let passed = 0;
let failed = 0;
let summaryPrinted = false;
/** The steps running now (the checks run side by side), so a signal can be passed on to them. */
const running = new Set();

function printSummary() {
  if (summaryPrinted) return;
  summaryPrinted = true;
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
}

/**
 * Runs a command with stdin closed; resolves to its exit code (never rejects). Its stdout/stderr are inherited,
 * or with `capture` collected (both in order into one buffer) and handed to `capture` when it ends.
 */
function run(command, args, env = process.env, capture = null) {
  return new Promise((resolvePromise) => {
    let settled = false;
    const settle = (code) => {
      if (settled) return;
      settled = true;
      resolvePromise(code);
    };
    let child;
    try {
      child = spawn(command, args, {
        cwd: projectRoot,
        stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
        shell: isWindows,
        env,
      });
    } catch (error) {
      console.error(`[run-all] could not start ${command}: ${error instanceof Error ? error.message : error}`);
      settle(1);
      return;
    }
    running.add(child);
    const output = [];
    if (capture) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('error', (error) => {
      running.delete(child);
      console.error(`[run-all] could not run ${command}: ${error.message}`);
      settle(1);
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      if (capture) capture(Buffer.concat(output));
      if (signal !== null) console.error(`[run-all] ${command} ${args.join(' ')} was killed by ${signal}`);
      settle(code ?? 1);
    });
  });
}

/** One check, its output printed whole when it ends (checks run side by side). */
async function check(label, command, args) {
  const code = await run(command, args, process.env, (output) => {
    process.stdout.write(`\n[run-all] ${label}: ${command} ${args.join(' ')}\n`);
    process.stdout.write(output);
  });
  if (code === 0) {
    passed += 1;
    console.log(`[run-all] ${label}: passed`);
  } else {
    failed += 1;
    console.log(`[run-all] ${label}: FAILED (exit code ${code})`);
  }
}

/** Reads a JSON report; returns null when it is missing or unreadable. */
function readReport(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`[run-all] ${file} is not valid JSON: ${error instanceof Error ? error.message : error}`);
    return null;
  }
}

/**
 * The vitest run, counted from its JSON report: both projects (TENDERWB_TEST_STRICT_PASS=1 adds the strict one,
 * whose list of suites is in vitest.config.ts).
 */
async function runVitest() {
  const label = 'vitest (default and strict sandbox)';
  const report = vitestReport;
  const extraEnv = { TENDERWB_TEST_STRICT_PASS: '1' };
  // A report left by an earlier run must never be counted as this run's.
  rmSync(report, { force: true });
  const args = ['--no', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  console.log(`\n[run-all] ${label}: ${Object.entries(extraEnv).map(([k, v]) => `${k}=${v} `).join('')}${npx} ${args.join(' ')}`);
  const code = await run(npx, args, { ...process.env, ...extraEnv });
  countVitest(label, code, readReport(report));
}

/** Adds a vitest run's results from its JSON report (null: missing or unreadable) to the totals. */
function countVitest(label, code, parsed) {
  if (parsed === null) {
    failed += 1;
    console.log(`[run-all] ${label}: FAILED (exit code ${code}, no JSON report; counted as one failure)`);
    return;
  }
  const testPassed = Number(parsed.numPassedTests) || 0;
  const testFailed = Number(parsed.numFailedTests) || 0;
  // A test file that cannot even be loaded fails with no test in it: count each such file as one failure.
  const brokenFiles = (Array.isArray(parsed.testResults) ? parsed.testResults : []).filter(
    (file) => file.status === 'failed' && (!Array.isArray(file.assertionResults) || file.assertionResults.length === 0),
  );
  passed += testPassed;
  failed += testFailed + brokenFiles.length;
  for (const file of brokenFiles) console.log(`[run-all] ${label}: could not run ${file.name}`);
  // Vitest can also fail outside any test (an unhandled error, an empty run): never report that as a pass.
  if (code !== 0 && testFailed + brokenFiles.length === 0) {
    failed += 1;
    console.log(`[run-all] ${label}: FAILED (exit code ${code} with no failed test; counted as one failure)`);
  }
  console.log(`[run-all] ${label}: ${testPassed} passed, ${testFailed + brokenFiles.length} failed`);
}

/**
 * The date-sensitive suites again with the clock moved ahead (test/runner/clockShift.mjs): one vitest run per
 * shift under `faketime -f SHIFT`, counted like the main run. Without faketime, each shift is one failure that
 * says how to install it, never a silent pass.
 */
async function runClockShifted() {
  const faketime = ['/usr/bin/faketime', '/usr/local/bin/faketime'].find((path) => existsSync(path));
  for (const shift of CLOCK_SHIFTS) {
    const label = `vitest with the clock at ${shift}`;
    if (faketime === undefined) {
      failed += 1;
      console.log(`\n[run-all] ${label}: FAILED: faketime is missing (apt-get install -y faketime; .ci/run installs it). Counted as one failure.`);
      continue;
    }
    const report = resolve(projectRoot, 'test-results', `vitest-clock${shift}.json`);
    rmSync(report, { force: true });
    const args = ['-f', shift, npx, '--no', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...CLOCK_SHIFTED_SUITES];
    console.log(`\n[run-all] ${label}: faketime ${args.join(' ')}`);
    const code = await run(faketime, args);
    countVitest(label, code, readReport(report));
  }
}

/** Playwright tests that were skipped, with the reason their `test.skip(condition, reason)` gave. */
function skippedTests(report) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'skipped') continue;
        const note = (t.annotations ?? []).find((a) => a.type === 'skip');
        found.push({ title: spec.title, why: note?.description || 'no reason given' });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return found;
}

async function runPlaywright() {
  rmSync(playwrightReport, { force: true });
  if (!existsSync(chromiumPath)) {
    failed += 1;
    console.log(
      `\n[run-all] playwright: FAILED: Chromium is missing at ${chromiumPath}; the end-to-end tests need Debian's package ` +
        '(apt-get install -y --no-install-recommends chromium; .ci/run installs it). Counted as one failure.',
    );
    return;
  }
  const args = ['--no', 'playwright', 'test'];
  console.log(`\n[run-all] playwright: ${npx} ${args.join(' ')} (beside vitest; its output is printed when it ends)`);
  const code = await run(npx, args, process.env, (output) => {
    process.stdout.write(`\n[run-all] playwright: ${npx} ${args.join(' ')}\n`);
    process.stdout.write(output);
  });
  const report = readReport(playwrightReport);
  if (report === null || typeof report.stats !== 'object' || report.stats === null) {
    failed += 1;
    console.log(`[run-all] playwright: FAILED (exit code ${code}, no JSON report; counted as one failure)`);
    return;
  }
  // expected: passed; unexpected: failed; flaky: passed on a retry (counted as passed); skipped: neither.
  const testPassed = (Number(report.stats.expected) || 0) + (Number(report.stats.flaky) || 0);
  const testFailed = Number(report.stats.unexpected) || 0;
  // Errors outside any test (global setup, a spec file that cannot load): one failure each.
  const errors = Array.isArray(report.errors) ? report.errors.length : 0;
  passed += testPassed;
  failed += testFailed + errors;
  if (errors > 0) console.log(`[run-all] playwright: ${errors} error(s) outside the tests, counted as failures`);
  // A skipped test is neither passed nor failed; say which and why, so a skip never hides silently.
  for (const { title, why } of skippedTests(report)) console.log(`[run-all] playwright: skipped "${title}": ${why}`);
  if (code !== 0 && testFailed + errors === 0) {
    failed += 1;
    console.log(`[run-all] playwright: FAILED (exit code ${code} with no failed test; counted as one failure)`);
  }
  console.log(`[run-all] playwright: ${testPassed} passed, ${testFailed + errors} failed`);
}

// Interrupted: stop the running steps, let them finish writing, then still end with the summary line.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (summaryPrinted) return;
    console.error(`[run-all] interrupted by ${signal}`);
    failed += 1;
    const finish = () => {
      printSummary();
      process.exit(1);
    };
    const children = [...running];
    if (children.length === 0) {
      finish();
      return;
    }
    let open = children.length;
    for (const child of children) {
      child.once('close', () => {
        if (--open === 0) finish();
      });
    }
    setTimeout(finish, 5000).unref();
    for (const child of children) child.kill(signal);
  });
}

for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, (error) => {
    console.error('[run-all] crashed:', error);
    failed += 1;
    printSummary();
    process.exit(1);
  });
}

try {
  // Independent of each other (the build writes only out/); vitest waits for the build (a test runs the built
  // export worker).
  await Promise.all([check('typecheck', npm, ['run', 'typecheck']), check('lint', npm, ['run', 'lint']), check('build', npx, ['--no', 'electron-vite', 'build'])]);
  // Playwright runs beside the vitest runs, not after them: one Playwright worker keeps about 0.8 of a core busy
  // (its browser waits on the page, the page on the core), so on two cores it fills what vitest's two workers
  // leave idle while a file waits on a sandbox, a child process or the rate limiter's real minute. One after the
  // other the two took 19 + 10.5 minutes on a quiet machine (BENCHMARKS.md, "CI phases"). Playwright's report is
  // printed whole when it ends, so the two logs never interleave.
  await Promise.all([
    (async () => {
      await runVitest();
      await runClockShifted();
    })(),
    runPlaywright(),
  ]);
} catch (error) {
  console.error('[run-all] crashed:', error);
  failed += 1;
} finally {
  printSummary();
}
process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
