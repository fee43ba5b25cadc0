/**
 * Moving a damaged cache file out of the way (issue 13): never deleted, since what it holds may still be
 * partly readable (salvage.ts) and the user may want it. The file and its -wal, -shm and -journal companions
 * get one new name beside it, `cache.db.damaged-<UTC time>` (with `-2`, `-3`... when taken), so the app can
 * create a new cache in its place and the message names where the old one went.
 */
import { existsSync, renameSync } from 'node:fs';

const COMPANIONS = ['-wal', '-shm', '-journal'];

function stamp(now: Date): string {
  return now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
}

/** Renames `file` (a file or a folder standing in its place) and its companions; returns the new name. */
export function moveAside(file: string, now: Date = new Date()): string {
  const base = `${file}.damaged-${stamp(now)}`;
  let target = base;
  for (let n = 2; [target, ...COMPANIONS.map((c) => target + c)].some((p) => existsSync(p)); n++) target = `${base}-${n}`;
  // The companions first: a crash between the renames must not leave a -wal beside a new cache.db.
  for (const suffix of COMPANIONS) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  }
  if (existsSync(file)) renameSync(file, target);
  return target;
}
