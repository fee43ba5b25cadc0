/**
 * The lazy index of external ids (a tender's notice number, a contract's registry number; for the ingest goal,
 * migration 0025). Internal to src-main/cache.
 *
 * `external_id` is keyed by the number, and numbers arrive in no order (the customer's code comes first), so each
 * new object's entry dirtied about one random page of that index per object (~90 of a page's ~100 new tenders at
 * 50,000 tenders, nearly all at 200,000), written by its commit and again by a checkpoint. Instead the page's
 * transaction appends the entry to `external_id_pending` (rowid order: its last page stays hot; committed with
 * the page, so a crash loses nothing), and a flush moves the queue into the index in ONE batch sorted by key
 * (each index page touched once per flush) — at the idle maintenance step and in a page's transaction once the
 * queue passes QUEUE_BOUND, as partyIndexQueue.ts does for the party indexes. The one reader (viewQueries's
 * `byExternalId`, opening a card by its number) looks in the index and then in the queue, so it needs no write.
 *
 * The index keeps the first id given for a number (INSERT OR IGNORE, as when it was written at once): the flush
 * inserts in (kind, number, seq) order, and the reader takes the index's entry before the queue's first.
 */
import type Database from 'better-sqlite3';
import { QUEUE_BOUND } from './partyIndexQueue';
import { writeTransaction } from './writeRetry';

export interface ExternalIdQueue {
  add(kind: number, externalId: string, id: number): void;
  /** Moves the queue into `external_id` (its own transaction, or a savepoint of the caller's). */
  flush(): void;
  /** Flushes when the queue passed QUEUE_BOUND (the end of a page, in its transaction). */
  flushIfFull(): void;
}

/** SQL of the id held for (kind, number), the index first, then the queue's first entry: parameters @kind, @number. */
export const EXTERNAL_ID_LOOKUP = `SELECT coalesce(
    (SELECT id FROM external_id WHERE kind = @kind AND external_id = @number),
    (SELECT id FROM external_id_pending WHERE kind = @kind AND external_id = @number ORDER BY seq LIMIT 1))`;

export function createExternalIdQueue(db: Database.Database): ExternalIdQueue {
  const s = {
    add: db.prepare('INSERT INTO external_id_pending (kind, external_id, id) VALUES (?, ?, ?)'),
    last: db.prepare<[], number | null>('SELECT max(seq) FROM external_id_pending').pluck(),
    move: db.prepare(
      `INSERT OR IGNORE INTO external_id (kind, external_id, id)
       SELECT kind, external_id, id FROM external_id_pending ORDER BY kind, external_id, seq`,
    ),
    clear: db.prepare('DELETE FROM external_id_pending'),
  };
  const flush = writeTransaction(db, () => {
    s.move.run();
    s.clear.run();
  });
  return {
    add: (kind, externalId, id) => void s.add.run(kind, externalId, id),
    flush: () => {
      if ((s.last.get() ?? 0) > 0) flush();
    },
    flushIfFull() {
      if ((s.last.get() ?? 0) >= QUEUE_BOUND) flush();
    },
  };
}

/** Idle maintenance: the queue moved into the index (nothing on a file before migration 0025). */
export function flushExternalIdQueue(db: Database.Database): void {
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'external_id_pending'").get() === undefined) return;
  createExternalIdQueue(db).flush();
}
