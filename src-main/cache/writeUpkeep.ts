/**
 * What the delivery writer does after each of its write transactions, outside them, so that no write
 * transaction holds the database for long (issue 3: ~100 ms at most). Measured at a million tenders
 * (bench/cache.ts), the longest page transactions were two kinds of upkeep running inside them:
 *
 * - FTS5's automatic merging, which runs at the commit that flushes the index's new segment, in units of
 *   64 leaf pages per level of the index: up to ~600 pages and ~100 ms in one page's transaction once the
 *   index had five levels. Migration 0005 turns it off (`automerge = 0`); instead a merge step of at most
 *   MERGE_STEP_PAGES leaf pages runs in its own short transaction after each write transaction. Stored
 *   pages are what makes merge work, so the steps keep pace with them (a step with nothing to merge costs
 *   a structure read), and FTS5's crisis merge (16 segments on one level) stays as the safety net.
 * - SQLite's automatic WAL checkpoint, which runs inside COMMIT once the WAL holds 1000 frames: 50-300 ms
 *   every few pages. It does not hold the write lock (the commit is done by then), but the caller waits and
 *   it was counted as the page's. It is turned off on this connection (`wal_autocheckpoint = 0`) and the
 *   same PASSIVE checkpoint runs here, after the transaction, at about the same cadence (CHECKPOINT_FRAMES),
 *   where it is measured on its own. PASSIVE never waits for readers or writers.
 *
 * Durability is unchanged: a transaction is in the WAL when it commits (synchronous = NORMAL), whether or
 * not it has been checkpointed; closing the last connection checkpoints the rest.
 */
import type Database from 'better-sqlite3';

/** Leaf pages one merge step may write: ~5-15 ms, against ~16 pages of merge work per stored page on average. */
export const MERGE_STEP_PAGES = 64;

/** WAL frames (pages) written between checkpoints: SQLite's own default, so the WAL stays near 4 MB. */
const CHECKPOINT_FRAMES = 1000;

export type WriteStep = 'transaction' | 'merge' | 'checkpoint';
/** Told how long each step took: the write transaction itself (the lock held), a merge step, a checkpoint. */
export type WriteStepListener = (step: WriteStep, ms: number) => void;

export interface WriteUpkeep {
  /** A top-level write transaction committed after `ms`: run the upkeep that is due. */
  committed(ms: number): void;
  /** Adds a listener for the timing of every step (bench, diagnostics); returns its removal. */
  observe(listener: WriteStepListener): () => void;
}

/**
 * One merge step of at most `pages` leaf pages in its own transaction (the statement's); whether it found
 * segments to merge. FTS5's documented signal: total_changes() grows by 2 or more when the merge did work.
 */
export function ftsMergeStep(db: Database.Database, pages = MERGE_STEP_PAGES): boolean {
  const s = mergeStatements(db);
  const before = s.changes.get()!;
  s.merge.run(pages);
  return s.changes.get()! - before >= 2;
}

const prepared = new WeakMap<Database.Database, { merge: Database.Statement; changes: Database.Statement<[], number> }>();
function mergeStatements(db: Database.Database): { merge: Database.Statement; changes: Database.Statement<[], number> } {
  let s = prepared.get(db);
  if (s === undefined) {
    s = {
      merge: db.prepare("INSERT INTO tender_fts (tender_fts, rank) VALUES ('merge', ?)"),
      changes: db.prepare<[], number>('SELECT total_changes()').pluck(),
    };
    prepared.set(db, s);
  }
  return s;
}

export function createWriteUpkeep(db: Database.Database): WriteUpkeep {
  db.pragma('wal_autocheckpoint = 0');
  const listeners = new Set<WriteStepListener>();
  const report = (step: WriteStep, ms: number): void => {
    for (const listener of listeners) listener(step, ms);
  };
  const timed = <T>(step: WriteStep, run: () => T): T => {
    const started = performance.now();
    try {
      return run();
    } finally {
      report(step, performance.now() - started);
    }
  };

  // The checkpoint runs every `interval` commits. How many frames a commit writes depends on what it
  // stores (a page of new tenders, of updates, a card), so each checkpoint's frame count sets the next
  // interval: no peeking into the WAL between commits.
  let interval = 4;
  let commits = 0;

  const checkpoint = (): void => {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    const perCommit = Math.max(1, (result?.log ?? 0) / commits);
    interval = Math.min(1000, Math.max(1, Math.round(CHECKPOINT_FRAMES / perCommit)));
    commits = 0;
  };

  return {
    committed(ms) {
      report('transaction', ms);
      // The transaction is committed: a failing upkeep step (the disk, another writer past busy_timeout)
      // must not make its caller believe the page was lost. The work is retried after the next write.
      try {
        timed('merge', () => ftsMergeStep(db));
        if (++commits >= interval) timed('checkpoint', checkpoint);
      } catch {
        // Upkeep only; see above.
      }
    },
    observe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
