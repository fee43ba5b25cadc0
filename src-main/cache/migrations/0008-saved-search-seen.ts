/**
 * Which version of each tender of a saved search the user has seen (results mark each row as new or
 * changed since last seen, and a changed row shows what changed).
 * - `saved_search_seen`: per saved search and tender, the version the user last saw. A tender held for the
 *   search but absent here is new; one held at a later version is changed, and the diff is between the two
 *   versions (every delivered version is kept, so both can be read).
 * - `saved_search.seen_marked_at`: when the marks were first set up. The first opening of a saved search takes
 *   everything held then as seen, so the marks start from what the user has in front of them, not with every
 *   row «new».
 * Deleting a saved search drops its marks with it (a trigger: `saved_search` has no foreign keys to follow).
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0008: Migration = {
  version: 8,
  name: 'saved-search-seen',
  up(db: Database.Database): void {
    db.exec(`
      CREATE TABLE saved_search_seen (
        filter_id  TEXT NOT NULL,
        tender_id  INTEGER NOT NULL,
        version    INTEGER NOT NULL,
        seen_at    TEXT NOT NULL,
        PRIMARY KEY (filter_id, tender_id)
      ) WITHOUT ROWID;
      ALTER TABLE saved_search ADD COLUMN seen_marked_at TEXT;
      CREATE TRIGGER saved_search_seen_forget AFTER DELETE ON saved_search
      BEGIN
        DELETE FROM saved_search_seen WHERE filter_id = old.filter_id;
      END;
    `);
  },
};
