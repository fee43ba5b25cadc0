/**
 * The hidden temporary file an export is written to before it is renamed over its target, and the removal of
 * such files that a killed export left behind (nine of ten exports killed with SIGKILL left
 * `.NAME.csv.PID.RANDOM.tmp` files of up to 6 MB that nothing ever removed).
 *
 * A leftover is removed at the start of the next export to the same folder, and only when it is surely ours and
 * surely dead: its name has exactly our pattern, it is a regular file (not a link, not a folder), and the process
 * named in it is gone or the file has not been written to for a day (a live export writes all the time, and a PID
 * may be reused). Nothing else in the folder is looked at. A hand-written sweep: the atomic-write libraries
 * (write-file-atomic and the like) clean up on a normal exit or a signal they can catch, never after SIGKILL.
 */
import { randomBytes } from 'node:crypto';
import { lstat, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';

/** `.NAME.PID.12-HEX.tmp`: the name `tempPathFor` makes. */
const TEMP_NAME = /^\.(.+)\.([1-9]\d{0,9})\.([0-9a-f]{12})\.tmp$/;

/** Untouched for this long, a leftover is removed even if a process with its PID is running. */
export const LEFTOVER_MAX_AGE_MS = 24 * 60 * 60_000;

/** The hidden temporary file beside `target` that this process writes before renaming it over `target`. */
export function tempPathFor(target: string): string {
  const absolute = path.resolve(target);
  return path.join(path.dirname(absolute), `.${path.basename(absolute)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Whether a process with this id is running (signal 0 only checks; EPERM means it exists under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface SweepOptions {
  readonly now?: number;
  readonly maxAgeMs?: number;
  readonly isAlive?: (pid: number) => boolean;
}

/**
 * Removes the export leftovers in `dir` (see the module comment for which). Answers the names removed. Never
 * throws: a folder it cannot read or a file it cannot remove is left as it is (the export itself will say so).
 */
export async function sweepLeftoverTemps(dir: string, options: SweepOptions = {}): Promise<string[]> {
  const now = options.now ?? Date.now();
  const maxAge = options.maxAgeMs ?? LEFTOVER_MAX_AGE_MS;
  const isAlive = options.isAlive ?? processAlive;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const entry of entries) {
    const match = TEMP_NAME.exec(entry.name);
    if (match === null || !entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    try {
      const stat = await lstat(file);
      if (!stat.isFile()) continue;
      const pid = Number(match[2]);
      const stale = now - stat.mtimeMs > maxAge;
      if (!stale && (pid === process.pid || isAlive(pid))) continue;
      await unlink(file);
      removed.push(entry.name);
    } catch {
      // Gone already (another export swept it), or not ours to remove: leave it.
    }
  }
  return removed;
}
