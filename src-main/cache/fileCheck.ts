/**
 * Is this cache file one of ours, and whole? A truncated, overwritten or emptied cache.db, or a
 * directory in its place, bricked the app, and an EMPTY file was silently taken for a new cache (saved
 * searches, cursors, lists and pending edits vanished without a word).
 *
 * The check at open is quick: the file's kind and size, the SQLite header, the stamp of the app
 * (`PRAGMA application_id`, set by migration 0009) or, for a file from before the stamp, the app's tables,
 * and `PRAGMA quick_check`. The full `integrity_check` runs later, on a thread of its own
 * (integrityCheck.ts). Only a file that does not exist is a new cache.
 */
import { accessSync, closeSync, constants as fsConstants, fstatSync, lstatSync, openSync, readSync, type Stats } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { CacheAccessError, DamagedCacheError, StoredDataDamageError } from './damage';

/** "TWB1": what `PRAGMA application_id` holds in a cache file of this app (migration 0009 writes it). */
export const CACHE_APPLICATION_ID = 0x54574231;

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const HEADER_BYTES = 100;

/** Tables every cache of this app has had since migration 0001: a file with none of them is not ours. */
const OWN_TABLES = ['saved_search', 'delivery', 'outbox'];

/** SQLite's answers that mean the file's content is not a sound database. */
const DAMAGE_CODES = /^SQLITE_(CORRUPT|NOTADB)/;

/**
 * Whether an error says the database file is damaged (not merely busy or full): better-sqlite3's, or stored data
 * that does not read back as written (a damaged pack met when read, in a cache too large for the
 * quick check at open).
 */
export function isDamageError(error: unknown): boolean {
  if (error instanceof StoredDataDamageError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DAMAGE_CODES.test(code);
}

/** Why the directory cannot be written, when that is the reason (a read-only disk or folder). */
export function isReadOnlyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EACCES' || code === 'EROFS' || code === 'EPERM' || code === 'SQLITE_READONLY' || code === 'SQLITE_CANTOPEN';
}

/**
 * Before SQLite opens the file: true when there is no file (a new cache), false when there is one that looks
 * like a database; throws DamagedCacheError when what is there cannot be a cache, and CacheAccessError when
 * the folder cannot be written (SQLite needs to create the -wal and -shm files beside it).
 */
export function inspectBeforeOpen(file: string): boolean {
  let stat: Stats;
  try {
    stat = lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw accessError(file, error);
    assertWritableDir(path.dirname(file));
    return true;
  }
  if (!stat.isFile()) throw new DamagedCacheError(file, 'not_a_file');
  assertWritableDir(path.dirname(file));
  if (stat.size === 0) throw new DamagedCacheError(file, 'empty');
  const header = Buffer.alloc(HEADER_BYTES);
  let read: number;
  const fd = openSync(file, 'r');
  try {
    read = readSync(fd, header, 0, HEADER_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  if (read < SQLITE_MAGIC.length || !header.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) throw new DamagedCacheError(file, 'not_sqlite');
  if (read < HEADER_BYTES) throw new DamagedCacheError(file, 'truncated');
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) throw new DamagedCacheError(file, 'not_sqlite');
  // The page count in the header is valid when the "version valid for" number equals the change counter.
  const pages = header.readUInt32BE(28);
  const countValid = header.readUInt32BE(92) === header.readUInt32BE(24);
  const short = stat.size < pageSize || (countValid && pages > 0 && stat.size < pages * pageSize);
  // A checkpoint cut short by a full disk writes page 1 (with the new page count) and then fails to
  // extend the file; the pages it could not write are still in the WAL, which SQLite reads them from. Such a
  // file is whole, and only SQLite (quick_check, or a read that meets a missing page) can say otherwise.
  if (short && !walHoldsFrames(file, pageSize)) throw new DamagedCacheError(file, 'truncated');
  return false;
}

/** WAL header magic numbers (big- and little-endian checksums): https://sqlite.org/fileformat.html#the_write_ahead_log */
const WAL_MAGIC = new Set([0x377f0682, 0x377f0683]);
const WAL_HEADER_BYTES = 32;
const WAL_FRAME_HEADER_BYTES = 24;

/** Whether `file`-wal is a WAL of this page size with at least one frame in it: pages the main file may lack. */
export function walHoldsFrames(file: string, pageSize: number): boolean {
  let fd: number;
  try {
    fd = openSync(`${file}-wal`, 'r');
  } catch {
    return false;
  }
  try {
    const header = Buffer.alloc(WAL_HEADER_BYTES);
    if (readSync(fd, header, 0, WAL_HEADER_BYTES, 0) < WAL_HEADER_BYTES) return false;
    if (!WAL_MAGIC.has(header.readUInt32BE(0)) || header.readUInt32BE(8) !== pageSize) return false;
    return fstatSync(fd).size >= WAL_HEADER_BYTES + WAL_FRAME_HEADER_BYTES + pageSize;
  } finally {
    closeSync(fd);
  }
}

/**
 * After SQLite opened an existing file, before anything is written: the stamp (or, for a file from before
 * it, the app's own tables) and, when `quick`, `quick_check` (database.ts says which files). Throws
 * DamagedCacheError.
 */
export function inspectOpened(db: Database.Database, file: string, opts: { byTables: boolean; quick: boolean }): void {
  try {
    const applicationId = db.pragma('application_id', { simple: true }) as number;
    const userVersion = db.pragma('user_version', { simple: true }) as number;
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[];
    if (applicationId !== 0 && applicationId !== CACHE_APPLICATION_ID) throw new DamagedCacheError(file, 'foreign');
    if (applicationId === 0) {
      // Tests of the migration machinery use registries of their own, whose files have none of the app's tables.
      const ours = !opts.byTables || OWN_TABLES.every((t) => tables.includes(t));
      // A file with no tables and no version is one this app created and left before its first migration.
      if (!(tables.length === 0 && userVersion === 0) && !(ours && userVersion > 0)) throw new DamagedCacheError(file, 'foreign');
    }
    if (!opts.quick) return;
    const problems = db.pragma('quick_check(5)', { simple: false }) as { quick_check: string }[];
    if (problems.length !== 1 || problems[0]!.quick_check !== 'ok') {
      throw new DamagedCacheError(file, 'corrupt', problems.map((p) => p.quick_check).join('; '));
    }
  } catch (error) {
    if (isDamageError(error)) throw new DamagedCacheError(file, 'corrupt', (error as Error).message);
    throw error;
  }
}

function assertWritableDir(dir: string): void {
  try {
    accessSync(dir, fsConstants.W_OK);
  } catch (error) {
    throw accessError(dir, error);
  }
}

/** A read-only place is named as such (it was reported as a misleading `ENOENT … mkdir`). */
export function accessError(where: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EROFS' || code === 'EPERM') return new CacheAccessError(where, code === 'EROFS' ? 'read_only_fs' : 'read_only');
  if (code === 'ENOENT') return new CacheAccessError(where, 'missing');
  return error instanceof Error ? error : new Error(String(error));
}
