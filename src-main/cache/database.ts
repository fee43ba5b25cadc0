/**
 * Opening the local cache: one SQLite file per profile, in WAL mode, migrated to the schema this build
 * knows. A file written by a newer build is refused before anything in it is changed.
 *
 * Stores are made per open cache (`perCache`), so each prepares its statements once per connection.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CacheAccessError, DamagedCacheError } from './damage';
import { diskFullIn } from './diskSpace';
import { FutureSchemaError } from './errors';
import { accessError, inspectBeforeOpen, inspectOpened, isDamageError, isReadOnlyError } from './fileCheck';
import { stopWriteUpkeep } from './writeUpkeep';
import { applySnapshot, type SchemaSnapshot } from './migrations/freshSchema';
import { checkRegistry, latestSchemaVersion, MIGRATIONS, type Migration } from './migrations/index';
import { SCHEMA_SNAPSHOT } from './migrations/schemaSnapshot';
import { openProgress, type OnMigrationProgress, type OpenProgress } from './migrations/progress';
import { retryBusy, WRITE_WAIT_MS } from './writeRetry';

/**
 * Page size of a new cache file. Measured with bench/cache.ts (same data, 500,000 tender versions): 4 KB
 * pages made a smaller file (a compressed 100-item pack of ~27 KB wastes half a page on average: 2 KB
 * instead of 8 KB) and faster ingest (a new version of an old tender dirties three scattered pages -- its
 * row, its version entry, its delivery entry -- and every dirty page is written whole to the WAL and
 * again at the checkpoint). Search was as fast either way (well under its budget).
 */
export const DEFAULT_PAGE_SIZE = 4096;

export interface OpenCacheOptions {
  /** Page size for a file created now; an existing file keeps its own. */
  pageSize?: 4096 | 8192 | 16384 | 32768 | 65536;
  /** Replaces the migration registry (tests of the migration machinery only); no schema snapshot is used then. */
  migrations?: readonly Migration[];
  /**
   * The schema an empty file starts from before the migrations after it run (migrations/freshSchema.ts);
   * null replays every migration. Default: the checked-in snapshot, with the built-in registry.
   */
  snapshot?: SchemaSnapshot | null;
  /** Files up to this size get `quick_check` at open (default QUICK_CHECK_MAX_BYTES); larger ones are left to the background check. */
  quickCheckMaxBytes?: number;
  /**
   * Told how far the pending migrations that fill tables from the file's contents are (whole percents, 0 to
   * 100, increasing), only when an existing file has such a migration pending: a large cache takes minutes.
   */
  onProgress?: OnMigrationProgress;
}

/**
 * `quick_check` reads every page: measured at about 8 ms per MB on the 2-core CI machine (182 MB: 1.5 s), too
 * slow for every open of a large cache (every CLI command, the app's cold start). Up to 32 MB it costs at most
 * about a quarter of a second; a larger file is checked by the full check on its own thread (the app), and a
 * damage met during a command is handled where it is met (the CLI, the app's calls).
 */
export const QUICK_CHECK_MAX_BYTES = 32 * 2 ** 20;

export interface CacheDb {
  readonly db: Database.Database;
  readonly file: string;
  /** Schema version of the file (`PRAGMA user_version`) after migrating. */
  readonly schemaVersion: number;
  close(): void;
}

class OpenCache implements CacheDb {
  constructor(
    readonly db: Database.Database,
    readonly file: string,
    readonly schemaVersion: number,
  ) {}

  close(): void {
    if (!this.db.open) return;
    try {
      stopWriteUpkeep(this.db);
      this.db.pragma('optimize');
    } catch (error) {
      // A damaged file fails here too (an uncaught stack trace at the CLI's exit, and a switch of
      // profile that failed): the statistics are a nicety, closing is what matters.
      if (!isDamageError(error)) throw error;
    } finally {
      this.db.close();
    }
  }
}

export function openCache(file: string, options: OpenCacheOptions = {}): CacheDb {
  const migrations = options.migrations ?? MIGRATIONS;
  checkRegistry(migrations);
  const known = latestSchemaVersion(migrations);

  // Only a file that does not exist is a new cache. It is made whole under another name and then
  // linked into place, so a cache.db that exists is never half made, and an empty or foreign one is damage.
  if (inspectBeforeOpen(file)) createAtomically(file, options, migrations, known);

  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true });
  } catch (error) {
    throw openFailure(file, error);
  }
  try {
    // Waits behind another process's transaction (the app and the CLI share the file): writeRetry.ts.
    db.pragma(`busy_timeout = ${WRITE_WAIT_MS}`);
    inspectOpened(db, file, { byTables: options.migrations === undefined, quick: statSync(file).size <= (options.quickCheckMaxBytes ?? QUICK_CHECK_MAX_BYTES) });
    // Read before writing anything: a newer file must stay exactly as it is.
    const found = db.pragma('user_version', { simple: true }) as number;
    if (found > known) throw new FutureSchemaError(file, found, known);

    if (found === 0) db.pragma(`page_size = ${options.pageSize ?? DEFAULT_PAGE_SIZE}`); // no effect once tables exist
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('temp_store = MEMORY');
    db.pragma('cache_size = -65536'); // 64 MB
    db.pragma('journal_size_limit = 67108864'); // the WAL is cut back to 64 MB after a checkpoint
    db.pragma('analysis_limit = 1000'); // PRAGMA optimize (at close) samples instead of reading whole tables

    const version = migrate(db, file, migrations, known, snapshotFor(options), options.onProgress);
    return new OpenCache(db, file, version);
  } catch (e) {
    db.close();
    throw openFailure(file, e);
  }
}

/**
 * SQLite's words about a damaged or unwritable file become the cache's own errors, which name the file. A full
 * disk is said as such first: its «disk I/O error» or «unable to open» is neither damage nor a
 * read-only folder.
 */
function openFailure(file: string, error: unknown): unknown {
  if (error instanceof DamagedCacheError || error instanceof CacheAccessError || error instanceof FutureSchemaError) return error;
  const full = diskFullIn(error, path.dirname(file));
  if (full) return full;
  if (isDamageError(error)) return new DamagedCacheError(file, 'corrupt', (error as Error).message);
  if (isReadOnlyError(error)) return accessError(path.dirname(file), Object.assign(new Error(''), { code: 'EACCES' }));
  return error;
}

/** Makes a new cache file under a temporary name, migrated, and links it into place (a file there wins). */
function createAtomically(file: string, options: OpenCacheOptions, migrations: readonly Migration[], known: number): void {
  const temp = `${file}.new-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    const db = new Database(temp);
    try {
      db.pragma(`page_size = ${options.pageSize ?? DEFAULT_PAGE_SIZE}`);
      db.pragma('journal_mode = WAL');
      migrate(db, temp, migrations, known, snapshotFor(options));
    } finally {
      db.close(); // checkpoints and removes the temporary -wal and -shm
    }
    try {
      linkSync(temp, file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Another process made the cache meanwhile: theirs is used. A file system without hard links renames.
      if (code !== 'EEXIST') renameSync(temp, file);
    }
  } catch (error) {
    throw openFailure(file, error);
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(temp + suffix, { force: true });
  }
}

function snapshotFor(options: OpenCacheOptions): SchemaSnapshot | null {
  if (options.snapshot !== undefined) return options.snapshot;
  return options.migrations === undefined ? SCHEMA_SNAPSHOT : null;
}

/**
 * Runs every pending migration in one transaction; returns the version the file is at afterwards. An empty
 * file starts from the schema snapshot (when there is one no newer than this build) and takes only the
 * migrations after it.
 */
function migrate(db: Database.Database, file: string, migrations: readonly Migration[], known: number, snapshot: SchemaSnapshot | null, onProgress?: OnMigrationProgress): number {
  const shown: { progress: OpenProgress | null } = { progress: null };
  const run = db.transaction((): number => {
    // Read again under the write lock: another process may have migrated the file meanwhile.
    let current = db.pragma('user_version', { simple: true }) as number;
    if (current > known) throw new FutureSchemaError(file, current, known);
    if (current === 0 && snapshot !== null && snapshot.version <= known && isEmpty(db)) {
      applySnapshot(db, snapshot);
      current = snapshot.version;
    }
    const pending = migrations.filter((m) => m.version > current);
    const filling = pending.filter((m) => m.fills === true);
    const progress = onProgress && filling.length > 0 ? openProgress(filling.length, onProgress) : null;
    shown.progress = progress;
    for (const m of pending) {
      m.up(db, progress && m.fills === true ? progress.step(filling.indexOf(m)) : undefined);
      db.pragma(`user_version = ${m.version}`);
    }
    return Math.max(current, known);
  });
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current === known) return current;
  // Another process opening the same file may be migrating it: wait for it, then find nothing left to do.
  const version = retryBusy(db, () => run.immediate());
  shown.progress?.done();
  return version;
}

function isEmpty(db: Database.Database): boolean {
  return db.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get() === undefined;
}

/**
 * Makes a store accessor that builds the store once per open cache: `versionStore(cache)` returns the same
 * object (and so the same prepared statements) for the life of that cache.
 */
export function perCache<T>(create: (cache: CacheDb) => T): (cache: CacheDb) => T {
  const made = new WeakMap<CacheDb, T>();
  return (cache: CacheDb): T => {
    let store = made.get(cache);
    if (store === undefined) {
      store = create(cache);
      made.set(cache, store);
    }
    return store;
  };
}
