/**
 * A profile whose cache file is damaged: the file is moved aside (never deleted), and a note
 * `damaged-cache.json` in the profile's folder keeps the profile from silently starting over with an empty
 * cache — until the user asks for a rebuild (`cache.rebuild`), which opens a new cache and copies in what the
 * old file still gives (salvage.ts). The note survives a restart, so the notice does too.
 *
 * The note is what stands between the user's marks, lists and saved searches and a quiet empty cache,
 * so it is written before the file is moved, whole or not at all (a temporary file, fsync, renamed into place),
 * and a file whose note cannot be written is not moved. A note that is there but cannot be read is obeyed too:
 * the profile is refused and says so, and only the user's rebuild makes a new cache.
 *
 * A note is only obeyed while there is no cache.db: a file the user put back is opened (and checked) again.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { openCache, type CacheDb, type OpenCacheOptions } from '../cache/database';
import { CACHE_FILE } from '../cache/cacheFileName';
import { CacheAccessError, DamagedCacheError, type DamageReason } from '../cache/damage';
import { accessError } from '../cache/fileCheck';
import { asideName, moveAside, movedAsideFiles } from '../cache/moveAside';
import { isDiskFull } from '../domain/fileSystemErrors';

export { CACHE_FILE } from '../cache/cacheFileName';
export const NOTE_FILE = 'damaged-cache.json';

const noteSchema = z.object({
  file: z.string(),
  movedTo: z.string(),
  reason: z.enum(['not_a_file', 'empty', 'not_sqlite', 'truncated', 'foreign', 'corrupt']),
  at: z.string(),
});
export type DamageNote = z.infer<typeof noteSchema>;

/** A profile folder's note: none, one that reads, or one that is there and cannot be read (empty, cut, garbled). */
export type NoteState = { kind: 'none' } | { kind: 'note'; note: DamageNote } | { kind: 'unreadable'; why: string };

export function damageNoteOf(dataDir: string): NoteState {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, NOTE_FILE), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    return { kind: 'unreadable', why: (e as Error).message };
  }
  try {
    const parsed = noteSchema.safeParse(JSON.parse(text));
    return parsed.success ? { kind: 'note', note: parsed.data } : { kind: 'unreadable', why: 'not a damage note' };
  } catch (e) {
    return { kind: 'unreadable', why: text.length === 0 ? 'empty' : (e as Error).message };
  }
}

/** The note of a profile folder, or null (none, or one that cannot be read: see damageNoteOf). */
export function readDamageNote(dataDir: string): DamageNote | null {
  const state = damageNoteOf(dataDir);
  return state.kind === 'note' ? state.note : null;
}

export const errorOfNote = (note: DamageNote): DamagedCacheError => new DamagedCacheError(note.file, note.reason as DamageReason).moved(note.movedTo);

/** The refusal of a profile whose cache is gone and whose note cannot be read; names the newest moved file. */
export function unreadableNoteError(dataDir: string, why = ''): DamagedCacheError {
  const file = path.join(dataDir, CACHE_FILE);
  return DamagedCacheError.noteUnreadable(file, path.join(dataDir, NOTE_FILE), newestMovedAside(dataDir), why);
}

/** The newest file this profile's cache was moved aside to (the rebuild's source when the note is lost), or null. */
export function newestMovedAside(dataDir: string): string | null {
  return movedAsideFiles(path.join(dataDir, CACHE_FILE)).at(-1) ?? null;
}

/**
 * Writes the note whole or not at all: a temporary file beside it, flushed to the disk, renamed over the note,
 * and the folder flushed so the rename survives a power cut. On failure nothing is left behind, and it throws.
 */
function writeNoteDurably(dataDir: string, note: DamageNote): void {
  const target = path.join(dataDir, NOTE_FILE);
  const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeFileSync(fd, `${JSON.stringify(note, null, 2)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
  syncFolder(dataDir);
}

/** Flushes a folder's entries (a rename in it) to the disk; some systems cannot open a folder for that. */
function syncFolder(dir: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows, or a file system without directory fsync: the rename is still atomic, only perhaps not yet durable.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/**
 * Moves a damaged cache file aside and leaves the note, the note first; answers the error that names both
 * places. A note that cannot be written leaves the file where it is (and the error says why): a moved file
 * without its note would let the next open start an empty cache.
 */
export function quarantineCache(dataDir: string, error: DamagedCacheError): DamagedCacheError {
  let movedTo: string;
  try {
    movedTo = asideName(error.file);
  } catch {
    return error;
  }
  const note: DamageNote = { file: error.file, movedTo, reason: error.reason as DamageNote['reason'], at: new Date().toISOString() };
  try {
    writeNoteDurably(dataDir, note);
  } catch (e) {
    return error.unmoved(isDiskFull(e) ? 'disk_full' : 'note_not_written');
  }
  try {
    moveAside(error.file, movedTo);
  } catch {
    // A folder that cannot be written: the file stays where it is, and the message says so. The note goes too,
    // or it would name a file that is not there (it is obeyed only without cache.db, but say nothing false).
    rmSync(path.join(dataDir, NOTE_FILE), { force: true });
    return error;
  }
  return error.moved(movedTo);
}

/**
 * Opens a profile's cache. A profile with a note and no cache.db is refused with its DamagedCacheError (also
 * when the note cannot be read); a file found damaged now is moved aside first. A folder that cannot be written
 * is a CacheAccessError naming it.
 */
export function openProfileCache(dataDir: string, options: Pick<OpenCacheOptions, 'onProgress'> = {}): CacheDb {
  const file = path.join(dataDir, CACHE_FILE);
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw accessError(dataDir, e);
  }
  const state = damageNoteOf(dataDir);
  if (state.kind === 'note' && !existsSync(file)) throw errorOfNote(state.note);
  if (state.kind === 'unreadable' && !existsSync(file)) throw unreadableNoteError(dataDir, state.why);
  try {
    const cache = openCache(file, options);
    if (state.kind !== 'none') rmSync(path.join(dataDir, NOTE_FILE), { force: true });
    return cache;
  } catch (e) {
    if (e instanceof DamagedCacheError) throw quarantineCache(dataDir, e);
    throw e;
  }
}

/** What a rebuild starts from: the file the cache was moved to (null when none is left), once the user asked. */
export interface RebuildSource {
  movedTo: string | null;
}

/**
 * When the profile has a damaged cache to rebuild (a note, readable or not, and no cache.db): forgets the note,
 * so the next open makes a new cache, and answers the file to salvage from. Null when there is nothing to rebuild.
 */
export function takeDamageNote(dataDir: string): RebuildSource | null {
  const state = damageNoteOf(dataDir);
  if (state.kind === 'none' || existsSync(path.join(dataDir, CACHE_FILE))) return null;
  const movedTo = state.kind === 'note' ? state.note.movedTo : newestMovedAside(dataDir);
  rmSync(path.join(dataDir, NOTE_FILE), { force: true });
  return { movedTo: movedTo !== null && existsSync(movedTo) ? movedTo : null };
}

/** Whether an error means the profile's cache cannot be opened (another profile can still be). */
export const isCacheOpenFailure = (e: unknown): e is DamagedCacheError | CacheAccessError => e instanceof DamagedCacheError || e instanceof CacheAccessError;
