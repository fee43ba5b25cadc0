// The date-sensitive suites, run again by `npm test` (test/run-all.mjs) with the whole process's clock moved
// ahead by libfaketime (Debian's `faketime`; .ci/run installs it): nothing may depend on the date a test runs on
//. +400 days is months ahead and always crosses a New Year (and a leap day in 2028 when run in late 2026).
// A second pass at +75 days (past a season) found nothing +400 did not, and CI is CPU-bound: its 55 s went; the
// sandbox's own clock still moves its world 75 days on (test/sandbox/present.test.ts, persistence.test.ts).
// What reads the clock: the demo world (its catalogue is made for the clock's day, a kept world catches up), a tender's stage, calendars and working days, dossiers and their workbooks, exports and the CLI's
// sentences, the README's EIS link. Each of these suites sets its own clock where it needs a fixed date.
export const CLOCK_SHIFTS = ['+400d'];

export const CLOCK_SHIFTED_SUITES = [
  'test/sandbox-data',
  'test/sandbox/present.test.ts',
  'test/sandbox/status-clock.test.ts',
  'test/sandbox/persistence.test.ts',
  'test/surfaces',
  'test/calendar',
  'test/app/calendar.test.ts',
  'test/insights',
  'test/renderer',
  'test/export/dossierExport.test.ts',
  'test/export/tender-columns.test.ts',
  // The README's EIS link names the archival tender (D-WORLD-7), which must outlive every New Year.
  'test/readme/readmeLink.test.ts',
];
// Not here, checked under `faketime -f +400d` (2026-12-07): triage (test/triage) and the documents'
// own suites (test/documents, test/docfiles, test/cache/documentSearch.test.ts) read the clock only to stamp rows
// (fetched_at, extracted_at, trainedAt) and pass under the shift; documentDiff and strictHost run the sandbox at
// FIXED_NOW. The one document suite whose world is made for the clock's day, test/cli/docs.test.ts (the CLI
// sandbox), passed under +400d too but takes ~110 s under load: too slow to run twice per clock pass.

