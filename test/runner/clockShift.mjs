// The date-sensitive suites, run again by `npm test` (test/run-all.mjs) with the whole process's clock moved
// ahead by libfaketime (Debian's `faketime`; .ci/run installs it): nothing may depend on the date a test runs on
// (issue 26). +75 days moves the world past a season; +400 days crosses a New Year (and a leap day in 2028 when
// run in late 2026). The demo world, the stage of a tender, calendars, working days, dossiers, exports and the
// CLI's sentences are what read the clock; each of these suites sets its own clock where it needs a fixed date.
export const CLOCK_SHIFTS = ['+75d', '+400d'];

export const CLOCK_SHIFTED_SUITES = [
  'test/sandbox-data',
  'test/sandbox/status-clock.test.ts',
  'test/calendar',
  'test/app/calendar.test.ts',
  'test/insights',
  'test/renderer',
  'test/cache/writeUpkeep.test.ts',
];
