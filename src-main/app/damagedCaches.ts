/**
 * A profile whose cache file is damaged (issue 13): the file is moved aside (never deleted), and a note
 * `damaged-cache.json` in the profile's folder keeps the profile from silently starting over with an empty
 * cache — until the user asks for a rebuild (`cache.rebuild`), which opens a new cache and copies in what the
 * old file still gives (salvage.ts). The note survives a restart, so the notice does too.
 *
 * A note is only obeyed while there is no cache.db: a file the user put back is opened (and checked) again.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { openCache, type CacheDb, type OpenCacheOptions } from '../cache/database';
import { CacheAccessError, DamagedCacheError, type DamageReason } from '../cache/damage';
import { accessError } from '../cache/fileCheck';
import { moveAside } from '../cache/moveAside';

export const CACHE_FILE = 'cache.db';
const NOTE_FILE = 'damaged-cache.json';

const noteSchema = z.object({
  file: z.string(),
  movedTo: z.string(),
  reason: z.enum(['not_a_file', 'empty', 'not_sqlite', 'truncated', 'foreign', 'corrupt']),
  at: z.string(),
});
export type DamageNote = z.infer<typeof noteSchema>;

/** The note of a profile folder, or null (none, or one that does not parse: then there is nothing to obey). */
export function readDamageNote(dataDir: string): DamageNote | null {
  try {
    const parsed = noteSchema.safeParse(JSON.parse(readFileSync(path.join(dataDir, NOTE_FILE), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const errorOfNote = (note: DamageNote): DamagedCacheError => new DamagedCacheError(note.file, note.reason as DamageReason).moved(note.movedTo);

/** Moves a damaged cache file aside and leaves the note; answers the error that names both places. */
export function quarantineCache(dataDir: string, error: DamagedCacheError): DamagedCacheError {
  let movedTo: string;
  try {
    movedTo = moveAside(error.file);
  } catch {
    // A folder that cannot be written: the file stays where it is, and the message says so.
    return error;
  }
  const note: DamageNote = { file: error.file, movedTo, reason: error.reason, at: new Date().toISOString() };
  writeFileSync(path.join(dataDir, NOTE_FILE), `${JSON.stringify(note, null, 2)}\n`, { mode: 0o600 });
  return error.moved(movedTo);
}

/**
 * Opens a profile's cache. A profile with a note and no cache.db is refused with its DamagedCacheError; a file
 * found damaged now is moved aside first. A folder that cannot be written is a CacheAccessError naming it.
 */
export function openProfileCache(dataDir: string, options: Pick<OpenCacheOptions, 'onProgress'> = {}): CacheDb {
  const file = path.join(dataDir, CACHE_FILE);
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw accessError(dataDir, e);
  }
  const note = readDamageNote(dataDir);
  if (note && !existsSync(file)) throw errorOfNote(note);
  try {
    const cache = openCache(file, options);
    if (note) rmSync(path.join(dataDir, NOTE_FILE), { force: true });
    return cache;
  } catch (e) {
    if (e instanceof DamagedCacheError) throw quarantineCache(dataDir, e);
    throw e;
  }
}

/** Forgets the note, so the next open makes a new cache; answers it (where the old file went), or null. */
export function takeDamageNote(dataDir: string): DamageNote | null {
  const note = readDamageNote(dataDir);
  rmSync(path.join(dataDir, NOTE_FILE), { force: true });
  return note;
}

/** Whether an error means the profile's cache cannot be opened (another profile can still be). */
export const isCacheOpenFailure = (e: unknown): e is DamagedCacheError | CacheAccessError => e instanceof DamagedCacheError || e instanceof CacheAccessError;
