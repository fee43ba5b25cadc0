/**
 * Moving a damaged cache file out of the way: never deleted, since what it holds may still be
 * partly readable (salvage.ts) and the user may want it. The file and its -wal, -shm and -journal companions
 * get one new name beside it, `cache.db.damaged-<UTC time>` (with `-2`, `-3`... when taken), so the app can
 * create a new cache in its place and the message names where the old one went.
 *
 * The name is chosen first (`asideName`) and the move made after (`moveAside`): the profile's note that records
 * the move must be on disk before the file goes (a note written after the move, on a full disk, was
 * left empty, and the next command started an empty cache over the user's marks and lists).
 */
import { existsSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';

const COMPANIONS = ['-wal', '-shm', '-journal'];

function stamp(now: Date): string {
  return now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
}

/** The free name `file` would be moved to now: `file.damaged-<UTC time>`, with `-2`, `-3`... when taken. */
export function asideName(file: string, now: Date = new Date()): string {
  const base = `${file}.damaged-${stamp(now)}`;
  let target = base;
  for (let n = 2; [target, ...COMPANIONS.map((c) => target + c)].some((p) => existsSync(p)); n++) target = `${base}-${n}`;
  return target;
}

/** Renames `file` (a file or a folder standing in its place) and its companions to `target`; returns `target`. */
export function moveAside(file: string, target: string = asideName(file)): string {
  // The companions first: a crash between the renames must not leave a -wal beside a new cache.db.
  for (const suffix of COMPANIONS) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  }
  if (existsSync(file)) renameSync(file, target);
  return target;
}

/** The names `file` was moved aside to, oldest first (by the time in the name, then its `-2`, `-3`...). */
export function movedAsideFiles(file: string): string[] {
  const pattern = new RegExp(`^${path.basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.damaged-(\\d{8}T\\d{6}Z)(?:-(\\d+))?$`);
  let names: string[];
  try {
    names = readdirSync(path.dirname(file));
  } catch {
    return [];
  }
  return names
    .map((name) => ({ name, m: pattern.exec(name) }))
    .filter((x): x is { name: string; m: RegExpExecArray } => x.m !== null)
    .sort((a, b) => a.m[1]!.localeCompare(b.m[1]!) || Number(a.m[2] ?? 1) - Number(b.m[2] ?? 1))
    .map((x) => path.join(path.dirname(file), x.name));
}
