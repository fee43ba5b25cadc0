/**
 * FTS5 merges the search index in bounded steps outside the write transactions (no write
 * transaction may hold the database for more than ~100 ms):
 * - `automerge = 0`: FTS5 no longer merges inside the transaction that stores a page. Its automatic merge
 *   runs at the commit, in units of 64 leaf pages per level of the index; at a million tenders (five
 *   levels) one page's transaction merged up to ~600 pages, ~100 ms with the lock held. The writer now
 *   runs a merge step of at most 64 pages in its own transaction after each write (writeUpkeep.ts), and the
 *   idle maintenance step merges in the same steps.
 * - `usermerge = 8`: those steps merge 8 segments of a level at a time, the factor migration 0002 chose
 *   for automatic merging (the default, 4, merges twice as often for no visible gain in search).
 * FTS5's crisis merge (16 segments on a level) is left as it is, the safety net should no step run.
 * Nothing is re-indexed: only how future merges are scheduled changes.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0005: Migration = {
  version: 5,
  name: 'fts-merge-steps',
  up(db: Database.Database): void {
    db.exec(`
      INSERT INTO tender_fts (tender_fts, rank) VALUES ('automerge', 0);
      INSERT INTO tender_fts (tender_fts, rank) VALUES ('usermerge', 8);
    `);
  },
};
