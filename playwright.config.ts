import { defineConfig } from '@playwright/test';

// End-to-end tests in Debian's Chromium (no browser is downloaded) against browser mode (`npm run web`'s
// loopback server) and the API sandbox, both started by test/e2e/fixtures.ts inside the test process.
// `npm test` (test/run-all.mjs) runs them after vitest and counts them from test-results/playwright.json.
// TENDERWB_E2E_OUTPUT=DIR sends artifacts and the JSON report elsewhere, so two runs at once on one checkout
// (engineers working side by side) do not wipe each other's traces; npm test leaves it unset.
const outputRoot = process.env.TENDERWB_E2E_OUTPUT ?? 'test-results';
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/globalSetup.ts',
  outputDir: `${outputRoot}/playwright`,
  // Two shared CPUs: one worker, and room for a loaded machine.
  workers: 1,
  fullyParallel: false,
  // npm test runs these beside vitest's two workers (test/run-all.mjs), so a page may wait its turn for a core:
  // limits with room for that (they only lengthen a failure, never a pass).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: `${outputRoot}/playwright.json` }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: process.env.TENDERWB_CHROMIUM ?? '/usr/bin/chromium', args: chromiumFlags },
    viewport: { width: 1366, height: 900 },
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: every action with the DOM before and after it, but no screencast: recording
    // the screencast of every test (kept or not) cost a third of the run's CPU (8 specs of lists and search: 45.5 s
    // of CPU with it, 35.2 s without, 32 s with no trace at all), taken from vitest beside it. The failure's own
    // screenshot is still taken (`screenshot` above).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    serviceWorkers: 'block',
  },
});
