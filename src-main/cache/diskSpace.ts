/**
 * Whether a failure of SQLite in a folder is a full disk. SQLite says SQLITE_FULL when a
 * write of the database or the WAL finds no room, but other writes that find none come back as a plain «disk I/O
 * error» (the -shm file's growth, SQLITE_IOERR_SHMSIZE) or «unable to open database file» (the -shm file cannot be
 * made): those are asked of the disk itself, and a folder with (almost) no room left is a full disk, never a
 * damaged cache nor a read-only folder.
 */
import { statfsSync } from 'node:fs';
import { DiskFullError, isDiskFull } from '../domain/fileSystemErrors';

/** Below this many free bytes SQLite cannot grow its WAL or -shm by one piece (32 KB) plus a page or two. */
const NEARLY_FULL_BYTES = 1024 * 1024;

/** Bytes an unprivileged writer may still use on the disk of `dir`; null when the disk cannot be asked. */
export function freeBytes(dir: string): number | null {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

/** SQLite's codes that a full disk may stand behind. */
const MAYBE_FULL = /^SQLITE_(IOERR|CANTOPEN)/;

/** A full disk in `dir` as the core's DiskFullError naming it, when that is what `error` is; else null. */
export function diskFullIn(error: unknown, dir: string): DiskFullError | null {
  if (error instanceof DiskFullError) return error;
  if (isDiskFull(error)) return new DiskFullError(dir);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !MAYBE_FULL.test(code)) return null;
  const free = freeBytes(dir);
  return free !== null && free < NEARLY_FULL_BYTES ? new DiskFullError(dir) : null;
}
