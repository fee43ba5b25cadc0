/**
 * What the delivery writer does after each of its write transactions, outside them, so that no write
 * transaction holds the database for long (~100 ms at most). Measured at a million tenders
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
 *   where it is measured on its own. PASSIVE never waits for readers or writers. Once writing is sustained
 *   (a sync, not a card), the checkpoints move to a thread of their own (walCheckpointer.ts), so the
 *   writer stores the next pages while the last ones are copied into the database file.
 *
 * Durability is unchanged: a transaction is in the WAL when it commits (synchronous = NORMAL), whether or
 * not it has been checkpointed; closing the last connection checkpoints the rest.
 */
import type Database from 'better-sqlite3';
import { startBackgroundCheckpointer, type BackgroundCheckpointer } from './walCheckpointer';

/** Leaf pages one merge step may write: ~5-15 ms, against ~16 pages of merge work per stored page on average. */
export const MERGE_STEP_PAGES = 64;

/** WAL frames (pages) written between checkpoints: SQLite's own default, so the WAL stays near 4 MB. */
const CHECKPOINT_FRAMES = 1000;

export type WriteStep = 'transaction' | 'merge' | 'checkpoint' | 'thread-checkpoint';
/**
 * Told how long each step took: the write transaction itself (the lock held), a merge step, a checkpoint
 * the writer waited for (inline, or the catch-up), a checkpoint on the thread (the writer went on meanwhile).
 */
export type WriteStepListener = (step: WriteStep, ms: number) => void;

export interface WriteUpkeep {
  /** A top-level write transaction committed after `ms`: run the upkeep that is due. */
  committed(ms: number): void;
  /** Adds a listener for the timing of every step (bench, diagnostics); returns its removal. */
  observe(listener: WriteStepListener): () => void;
  /** Whether checkpoints now run on their own thread (diagnostics). */
  checkpointsOnThread(): boolean;
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

/** Inline checkpoints before the checkpoints move to their own thread: only sustained writing needs it. */
const INLINE_CHECKPOINTS_FIRST = 2;

/**
 * WAL frames (~49 MB) past which the writer lets the checkpoint catch up. A checkpoint on the other thread
 * copies what the WAL held when it began while the writer appends more, so the WAL is never found wholly
 * copied, and SQLite restarts it from the beginning only then; left alone it would grow with the sync.
 */
const CATCH_UP_FRAMES = 12_000;

/** Closes what the upkeep of a connection holds open (its checkpoint thread); called before the connection closes. */
const stoppers = new WeakMap<Database.Database, () => void>();
export function stopWriteUpkeep(db: Database.Database): void {
  stoppers.get(db)?.();
}

export interface WriteUpkeepOptions {
  /** Checkpoints may move to their own thread (default true; never for an in-memory database). */
  backgroundCheckpoints?: boolean;
  /** WAL frames past which the writer lets the thread's checkpoint catch up (default CATCH_UP_FRAMES). */
  catchUpFrames?: number;
  /** How long a catch-up waits for the thread's checkpoint to finish before its own (default CATCH_UP_WAIT_MS). */
  catchUpWaitMs?: number;
  /** Starts the checkpoint thread (default startBackgroundCheckpointer); tests put a controllable one here. */
  startCheckpointer?: (file: string) => BackgroundCheckpointer;
}

/** The catch-up's wait for the thread: long, as a loaded disk may take seconds to sync; a miss is retried. */
const CATCH_UP_WAIT_MS = 30_000;

export function createWriteUpkeep(db: Database.Database, options: WriteUpkeepOptions = {}): WriteUpkeep {
  const catchUpFrames = options.catchUpFrames ?? CATCH_UP_FRAMES;
  const catchUpWaitMs = options.catchUpWaitMs ?? CATCH_UP_WAIT_MS;
  const startCheckpointer = options.startCheckpointer ?? startBackgroundCheckpointer;
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
  let framesPerCommit = 1;
  const adaptInterval = (frames: number, overCommits: number): void => {
    framesPerCommit = Math.max(1, frames / Math.max(1, overCommits));
    interval = Math.min(1000, Math.max(1, Math.round(CHECKPOINT_FRAMES / framesPerCommit)));
  };

  const inlineCheckpoint = (): void => {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    adaptInterval(result?.log ?? 0, commits);
    commits = 0;
  };
  // The catch-up copies what the thread's last checkpoint left: its frame count says nothing of a commit's.
  // The answer of a checkpoint asked before it is dropped too: it measured a WAL that is gone. Whether it
  // copied the whole WAL: only then does the next transaction start the WAL over. On a loaded machine the
  // thread's checkpoint (an fsync of the database file) can outlast the wait; the writer's checkpoint is then
  // refused as busy (one checkpointer at a time), and so is one that a reader's older snapshot holds back.
  const catchUp = (t: BackgroundCheckpointer): boolean => {
    t.waitIdle(catchUpWaitMs);
    t.takeResult();
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    commits = 0;
    return result !== undefined && result.busy === 0 && result.log >= 0 && result.checkpointed === result.log;
  };

  // After INLINE_CHECKPOINTS_FIRST checkpoints, the thread (not for an in-memory database, and never
  // again once it failed: the inline checkpoint is always there to fall back on).
  const mayUseThread = (options.backgroundCheckpoints ?? true) && db.name !== ':memory:' && db.name !== '';
  let inlineDone = 0;
  let thread: BackgroundCheckpointer | null = null;
  let askedAfter = 0; // commits counted when the thread's checkpoint was asked for
  let lastLog = 0; // WAL frames at the thread's last checkpoint
  let lastComplete = false; // whether that checkpoint copied all of them
  let walFrames = 0; // the WAL's frames as the writer reckons them since it last started over

  const threadCheckpoint = (t: BackgroundCheckpointer): void => {
    walFrames += framesPerCommit;
    const result = t.takeResult();
    if (result !== null) {
      report('thread-checkpoint', result.ms);
      // Frames written since the last answer: the growth of the WAL, unless it started over in between. It
      // did when the last checkpoint copied everything (the next transaction restarts the WAL then), even if it
      // has grown past the old count since; counting only the growth would make a commit look ten times
      // smaller than it is, and the writer would then ask too rarely and reckon too little (CI under load).
      const restarted = lastComplete || result.log < lastLog;
      adaptInterval(restarted ? result.log : result.log - lastLog, askedAfter);
      lastLog = result.log;
      lastComplete = result.checkpointed === result.log;
      walFrames = Math.max(walFrames, result.log);
    }
    // Reckoned by the writer too, not only from the thread's answers: a slow thread (a loaded disk or
    // core) answers late, and the WAL must not grow meanwhile.
    if (walFrames >= catchUpFrames) {
      // Copy the rest here, with no write in progress: the next transaction then starts the WAL over. A
      // catch-up that could not copy everything is tried again after the next commit (the reckoning is kept),
      // instead of letting the WAL grow by another whole mark before the next try.
      if (timed('checkpoint', () => catchUp(t))) {
        lastLog = 0;
        lastComplete = false;
        walFrames = 0;
      }
    }
    if (++commits >= interval && t.request()) {
      askedAfter = commits;
      commits = 0;
    }
  };

  const stop = (): void => {
    thread?.stop();
    thread = null;
  };
  stoppers.set(db, stop);

  return {
    committed(ms) {
      report('transaction', ms);
      // The transaction is committed: a failing upkeep step (the disk, another writer past busy_timeout)
      // must not make its caller believe the page was lost. The work is retried after the next write.
      try {
        timed('merge', () => ftsMergeStep(db));
      } catch {
        // Upkeep only; see above.
      }
      try {
        if (thread !== null && !thread.failed()) {
          threadCheckpoint(thread);
        } else if (++commits >= interval) {
          timed('checkpoint', inlineCheckpoint);
          if (thread === null && mayUseThread && ++inlineDone >= INLINE_CHECKPOINTS_FIRST) thread = startCheckpointer(db.name);
        }
      } catch {
        // The same.
      }
    },
    observe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    checkpointsOnThread: () => thread !== null && !thread.failed(),
  };
}
