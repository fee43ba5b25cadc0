/**
 * The search index in the form measured at a million tenders (bench/cache.ts):
 * - `tender_fts_instance`, the term list that prefix expansion walks one seek per term (the 'row'
 *   vocabulary reads every posting of every term in a range: ~30 ms for постав* against ~1-2 ms);
 * - FTS5 merges 8 segments of a level at a time instead of 4 (each page commits a small segment; merging
 *   less often made ingest ~7 % faster, with no visible cost to searches);
 * - week tags for publication and closing dates (a one-day range looked up by month scanned ~30 times
 *   more rows), and OKPD2 tags for 2-6 digits and the whole code only (7- and 8-digit prefixes are found
 *   among whole codes): the index is rebuilt from the stored versions in the format of this build.
 */
import type Database from 'better-sqlite3';
import { decodeBlob } from '../packCodec';
import { rebuildTenderIndex } from '../tenderIndex';
import type { Migration } from './types';

export const migration0002: Migration = {
  version: 2,
  name: 'search-tags',
  up(db: Database.Database): void {
    db.exec(`
      CREATE VIRTUAL TABLE tender_fts_instance USING fts5vocab (tender_fts, 'instance');
      INSERT INTO tender_fts (tender_fts, rank) VALUES ('automerge', 8);
    `);
    rebuildTenderIndex(db, decodeBlob);
  },
};
