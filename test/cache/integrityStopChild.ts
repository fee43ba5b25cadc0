/**
 * Run by integrityCheckStop.test.ts in a process of its own (a fatal error in a native addon aborts the whole
 * process, which must not be vitest's): starts the full check of a damaged file and stops it, `rounds` times,
 * and prints what happened as JSON. Even rounds stop the thread while it loads better-sqlite3 and opens the
 * file, odd rounds once the check is running (`PRAGMA integrity_check` inside SQLite), the case of
 * better-sqlite3 bug WiseLibs/better-sqlite3#1507 (13.0.1 aborted the process there).
 */
import { startIntegrityCheck } from '../../src-main/cache/integrityCheck';

const [file, roundsText] = process.argv.slice(2);
const rounds = Number(roundsText);
let stoppedWhileChecking = 0;
let finishedFirst = 0;
for (let round = 0; round < rounds; round++) {
  const check = startIntegrityCheck(file!);
  if (round % 2 === 1 && (await check.checking)) {
    check.stop();
    // A check that ran to its end names the damage; one stopped inside SQLite answers nothing.
    if ((await check.done).length === 0) stoppedWhileChecking += 1;
    else finishedFirst += 1;
  } else {
    check.stop();
    await check.done;
  }
}
console.log(JSON.stringify({ rounds, stoppedWhileChecking, finishedFirst }));
