/**
 * Writes that wait their turn. The app and the CLI (and a second CLI) write one cache.db at
 * once: a sync stores page after page, a mark, a list edit, a ledger pull land in between. Two things lost or
 * misreported work:
 *
 * - A transaction begun as DEFERRED reads first and asks for the write lock at its first write. SQLite then
 *   answers SQLITE_BUSY at once, without waiting, when another connection holds the lock or committed since the
 *   read began (the busy handler is not called for a reader that wants to write: it could deadlock). So 1 of
 *   10 `marks.apply` beside a CLI sync failed as `internal`, its mark lost. Every write transaction now begins
 *   IMMEDIATE (`writeTransaction`): it takes the write lock before it reads, and waits for it.
 * - The wait was 5 s (busy_timeout): a longer transaction of another process (a ledger pull of many rows, a
 *   cache upgrade, a team pull, a long checkpoint on a loaded disk) outlasted it and the write failed with raw
 *   `database is locked`. Every connection now waits up to WRITE_WAIT_MS for the lock, and a write transaction
 *   that still meets SQLITE_BUSY (one the busy handler does not cover: a snapshot gone stale, a WAL being
 *   recovered) is run again from the start until that budget is spent (`retryBusy`).
 *
 * Page transactions stay short (deliveryWriter.ts, writeUpkeep.ts): the budget is for a writer waiting behind a
 * long one, not a licence for long ones. What still fails after a minute is a `CacheBusyError`, told in the user's
 * language (workspace/errors.ts), never as `internal`.
 */
import type Database from 'better-sqlite3';

/** How long a write waits for another process's transaction: the busy timeout, and the retries' budget. */
export const WRITE_WAIT_MS = 60_000;

/** SQLITE_BUSY and its extended codes (_SNAPSHOT, _RECOVERY, _TIMEOUT): another connection holds the lock. */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** The cache stayed locked by another program for the whole wait: nothing of this write was stored. */
export class CacheBusyError extends Error {
  override readonly name = 'CacheBusyError';
  constructor(options?: { cause?: unknown }) {
    super('The cache stayed locked by another program (the app or another tenderwb) for a minute.', options);
  }
}

const pauseCell = new Int32Array(new SharedArrayBuffer(4));
/** Blocks this thread for `ms`: the callers are synchronous (better-sqlite3), as SQLite's own busy wait is. */
const pause = (ms: number): void => {
  Atomics.wait(pauseCell, 0, 0, ms);
};

export interface RetryOptions {
  /** The whole budget (default WRITE_WAIT_MS). */
  waitMs?: number;
  /** Told before each new attempt (diagnostics, tests). */
  onRetry?: (attempt: number, error: unknown) => void;
}

/**
 * Runs `write` (a whole write transaction: it is run again from the start) until it does not meet SQLITE_BUSY,
 * for up to the budget; then a `CacheBusyError`. Inside an enclosing transaction `write` runs once: the outer
 * one holds the lock, and is the one to run again.
 */
export function retryBusy<T>(db: Database.Database, write: () => T, options: RetryOptions = {}): T {
  if (db.inTransaction) return write();
  const budget = options.waitMs ?? WRITE_WAIT_MS;
  const started = performance.now();
  for (let attempt = 1, wait = 20; ; attempt += 1, wait = Math.min(wait * 2, 500)) {
    try {
      return write();
    } catch (error) {
      if (!isBusyError(error)) throw error;
      if (performance.now() - started + wait > budget) throw new CacheBusyError({ cause: error });
      options.onRetry?.(attempt, error);
      pause(wait);
    }
  }
}

/**
 * `db.transaction(fn)` begun IMMEDIATE and run again on SQLITE_BUSY (see the module comment): the one way the
 * cache's stores make a write transaction. Nested in another transaction it is a savepoint, as before.
 */
export function writeTransaction<A extends unknown[], R>(db: Database.Database, fn: (...args: A) => R): (...args: A) => R {
  const transaction = db.transaction(fn);
  return (...args: A): R => retryBusy(db, () => transaction.immediate(...args));
}
